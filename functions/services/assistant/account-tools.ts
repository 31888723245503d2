import { monitorAllowanceText, planRule } from '../../../shared/plans';
import { CADENCE_LABELS } from '../../../shared/cadence';
import { ACTIVE_SUBMISSION_STATES } from '../../../shared/schemas/cases';
import { NotFoundError } from '../../lib/errors';
import { listCasesByUser, type CaseRecord } from '../cases/case-store';
import { needsPerson } from '../cases/escalations';
import { listMonitorsByUser } from '../monitors/monitors';
import { planPriceUsd } from '../platform/plan-prices';
import { listSearchesByUser } from '../search/searches';
import { getUsage } from '../usage';

/**
 * The assistant's tools on the caller's account (issue 26): what it may look up to answer "how many scans do I
 * have left?", "why did my case VGL-2026-000001 fail?" and the like. A set of tools is made for one caller
 * (`accountTools(userId)`) and every read selects by that user id, so no input a message or a model gives can
 * reach another user's data: a case number that is not the caller's is "not found in your account", the same
 * answer as a number that does not exist. The model assistant offers these tools to Bedrock Converse; the
 * offline assistant picks one by the question's intent (account-intents.ts). Both answer from the same figures.
 */

/** A tool as the model sees it: a name, what it answers, and its input as JSON Schema. */
export interface ToolSpec {
  name: AccountToolName;
  description: string;
  inputSchema: Record<string, unknown>;
}

export const ACCOUNT_TOOL_NAMES = ['get_usage', 'list_scans', 'list_monitors', 'list_cases', 'get_case', 'list_escalations'] as const;
export type AccountToolName = (typeof ACCOUNT_TOOL_NAMES)[number];

const NO_INPUT = { type: 'object', properties: {}, additionalProperties: false };

export const ACCOUNT_TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: 'get_usage',
    description:
      "The caller's plan (name, price, monitors allowed) and this month's usage: scans used, limit and left; violations submitted, limit and left, with the daily cap; when the allowances reset. Use for questions about the plan, scans or submissions left, limits and usage.",
    inputSchema: NO_INPUT,
  },
  {
    name: 'list_scans',
    description: "The caller's five newest scans: id, names searched, status, when started, results found, and where it came from (by hand or a monitor).",
    inputSchema: NO_INPUT,
  },
  {
    name: 'list_monitors',
    description: "The caller's monitors: name, cadence, paused or not, last and next run, results found, whether automatic submission is on and acts.",
    inputSchema: NO_INPUT,
  },
  {
    name: 'list_cases',
    description: "The caller's DMCA cases: how many in each status and submission state, and the five newest with their case numbers.",
    inputSchema: NO_INPUT,
  },
  {
    name: 'get_case',
    description:
      "One of the caller's cases by its case number (VGL-YYYY-NNNNNN): status, host, dates, the automated submission's state, its error in words and any escalation. Use for 'why did my case fail' questions.",
    inputSchema: {
      type: 'object',
      properties: { caseNumber: { type: 'string', description: 'The case number, e.g. VGL-2026-000001' } },
      required: ['caseNumber'],
      additionalProperties: false,
    },
  },
  {
    name: 'list_escalations',
    description:
      "The caller's cases that need a person: flagged for follow-up (copy still online after the wait, or no contact found) or whose submission failed, with the reason.",
    inputSchema: NO_INPUT,
  },
];

export interface UsageFacts {
  plan: { id: string; name: string; priceUsd: number; monitors: string; automatedSubmission: boolean };
  period: string;
  scans: { used: number; limit: number | null; left: number | null };
  submissions: { used: number; limit: number | null; left: number | null; perDay: number | null };
  resetsAt: string;
}

export interface ScanFacts {
  id: string;
  names: string;
  status: string;
  startedAt: string;
  results: number;
  origin: string;
}

export interface MonitorFacts {
  name: string;
  cadence: string;
  paused: boolean;
  pausedReason: string | null;
  lastRunAt: string | null;
  nextRunAt: string | null;
  runs: number;
  resultsFound: number;
  autoSubmit: boolean;
  autoSubmitInactive: string | null;
}

export interface CaseFacts {
  caseNumber: string;
  status: string;
  host: string;
  createdAt: string;
  sentAt?: string;
  resolvedAt?: string;
  submission?: { state: string; attempt: number; recipient?: string; error?: string; recheckAt?: string };
  escalation?: { reason: string; checkedAt: string };
}

export interface CaseListFacts {
  total: number;
  byStatus: Record<string, number>;
  bySubmission: Record<string, number>;
  newest: CaseFacts[];
}

export type ToolOutput =
  | { tool: 'get_usage'; usage: UsageFacts }
  | { tool: 'list_scans'; scans: ScanFacts[] }
  | { tool: 'list_monitors'; monitors: MonitorFacts[]; allowed: string }
  | { tool: 'list_cases'; cases: CaseListFacts }
  | { tool: 'get_case'; case: CaseFacts | null; asked: string }
  | { tool: 'list_escalations'; escalations: CaseFacts[] };

/** The tools of one caller. `run` never throws for a bad input: it answers with what it could not find. */
export interface AccountTools {
  readonly userId: string;
  run(name: string, input?: unknown): Promise<ToolOutput | { tool: string; error: string }>;
}

/** Case numbers as the product writes them; the model or a message may write them in lower case. */
export const CASE_NUMBER = /\bVGL-\d{4}-\d{6}\b/i;
/** Cases read for a question: the newest ones (the case list reads the same bound). */
const CASES_READ = 500;

const left = (limit: number | null, used: number) => (limit === null ? null : Math.max(0, limit - used));

export function caseFacts(c: CaseRecord): CaseFacts {
  const s = c.submission;
  return {
    caseNumber: c.caseNumber,
    status: c.status,
    host: c.host,
    createdAt: c.createdAt,
    ...(c.sentAt ? { sentAt: c.sentAt } : {}),
    ...(c.resolvedAt ? { resolvedAt: c.resolvedAt } : {}),
    ...(s
      ? {
          submission: {
            state: s.state,
            attempt: s.attempt,
            ...(s.recipient ? { recipient: s.recipient } : {}),
            ...(s.error ? { error: s.error } : {}),
            ...(s.recheckAt ? { recheckAt: s.recheckAt } : {}),
          },
        }
      : {}),
    ...(c.escalation?.flagged ? { escalation: { reason: c.escalation.reason, checkedAt: c.escalation.checkedAt } } : {}),
  };
}


/** The tools bound to one caller. */
export function accountTools(userId: string, now: () => Date = () => new Date()): AccountTools {
  let cases: Promise<CaseRecord[]> | undefined;
  const myCases = () => (cases ??= listCasesByUser(userId, CASES_READ));

  const tools: Record<AccountToolName, (input: Record<string, unknown>) => Promise<ToolOutput>> = {
    async get_usage() {
      const u = await getUsage(userId, now());
      const rule = planRule(u.plan);
      // The price billing charges now (Pricing Updates), not the launch price of shared/plans.ts.
      const priceUsd = await planPriceUsd(u.plan);
      return {
        tool: 'get_usage',
        usage: {
          plan: { id: rule.id, name: rule.name, priceUsd, monitors: monitorAllowanceText(rule.id), automatedSubmission: rule.automatedSubmission },
          period: u.period,
          scans: { used: u.allowances.scans.used, limit: u.allowances.scans.limit, left: left(u.allowances.scans.limit, u.allowances.scans.used) },
          submissions: {
            used: u.allowances.submissions.used,
            limit: u.allowances.submissions.limit,
            left: left(u.allowances.submissions.limit, u.allowances.submissions.used),
            perDay: u.allowances.submissions.perDay,
          },
          resetsAt: u.resetsAt,
        },
      };
    },
    async list_scans() {
      const scans = await listSearchesByUser(userId, 5);
      return {
        tool: 'list_scans',
        scans: scans.map((s) => ({ id: s.id, names: s.query, status: s.status, startedAt: s.createdAt, results: s.resultCount, origin: s.origin ?? 'manual' })),
      };
    },
    async list_monitors() {
      const [monitors, usage] = await Promise.all([listMonitorsByUser(userId), getUsage(userId, now())]);
      return {
        tool: 'list_monitors',
        allowed: monitorAllowanceText(usage.plan),
        monitors: monitors.map((m) => ({
          name: m.name,
          cadence: CADENCE_LABELS[m.cadence],
          paused: m.paused,
          pausedReason: m.pausedReason ?? null,
          lastRunAt: m.lastRunAt ?? null,
          nextRunAt: m.nextRunAt ?? null,
          runs: m.runCount,
          resultsFound: m.totalNewCount,
          autoSubmit: m.autoSubmit,
          autoSubmitInactive: m.autoSubmit && !planRule(usage.plan).automatedSubmission ? `automatic submission is not part of the ${planRule(usage.plan).name} plan` : null,
        })),
      };
    },
    async list_cases() {
      const all = await myCases();
      const byStatus: Record<string, number> = {};
      const bySubmission: Record<string, number> = {};
      for (const c of all) {
        byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
        const state = c.submission?.state;
        if (state) bySubmission[state] = (bySubmission[state] ?? 0) + 1;
      }
      return { tool: 'list_cases', cases: { total: all.length, byStatus, bySubmission, newest: all.slice(0, 5).map(caseFacts) } };
    },
    async get_case(input) {
      const asked = typeof input.caseNumber === 'string' ? input.caseNumber.trim() : '';
      const number = CASE_NUMBER.exec(asked)?.[0]?.toUpperCase();
      const found = number ? (await myCases()).find((c) => c.caseNumber.toUpperCase() === number) : undefined;
      return { tool: 'get_case', asked: number ?? asked, case: found ? caseFacts(found) : null };
    },
    async list_escalations() {
      return { tool: 'list_escalations', escalations: (await myCases()).filter(needsPerson).map(caseFacts) };
    },
  };

  return {
    userId,
    async run(name, input) {
      const tool = (tools as Record<string, (typeof tools)[AccountToolName]>)[name];
      if (!tool) return { tool: name, error: `There is no tool named ${name}.` };
      const args = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
      try {
        return await tool(args);
      } catch (error) {
        if (error instanceof NotFoundError) return { tool: name, error: 'This account has no profile yet.' };
        throw error;
      }
    },
  };
}

/** Submission states still in progress, for the words of a case's answer. */
export const IN_PROGRESS = new Set<string>(ACTIVE_SUBMISSION_STATES);
