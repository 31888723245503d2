import { planRule, PLAN_ORDER } from '../../../shared/plans';
import type { RiskRecommendation } from '../../../shared/schemas/risk';
import { listCasesByUser, type CaseRecord } from '../cases/case-store';
import { hostIgnoredNotice, needsPerson } from '../cases/escalations';
import { listMonitorsByUser, type MonitorRecord } from '../monitors/monitors';
import { allowanceStatus, type AllowanceStatus } from '../allowances/allowances';
import { readStoredPlan } from '../billing/plan-store';
import { loadRiskData, MAX_RISK_CASES, type RiskResult } from './data';

/**
 * The Risk dashboard's recommendations (issue 26), computed from the caller's account instead of static advice:
 * their plan and its allowances, their monitors and whether those submit automatically, their open escalations,
 * the hosts that ignored a notice, and what is still to review or send. Each rule gives at most one item, with
 * the caller's own figures and where to act; a rule whose condition does not hold gives nothing (so a Pro
 * creator whose monitor auto-submits is never told to upgrade for automated takedowns).
 */
export interface AccountFacts {
  usage: Pick<AllowanceStatus, 'plan' | 'scans'>;
  monitors: Pick<MonitorRecord, 'name' | 'autoSubmit' | 'paused'>[];
  cases: Pick<CaseRecord, 'caseNumber' | 'host' | 'status' | 'escalation' | 'submission'>[];
  results: Pick<RiskResult, 'review' | 'allowlisted' | 'noticeSent' | 'resolvedAt'>[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const ORDER = { high: 0, medium: 1, low: 2 } as const;

export function computeRecommendations(f: AccountFacts): RiskRecommendation[] {
  const out: RiskRecommendation[] = [];
  const rule = planRule(f.usage.plan);
  const live = f.results.filter((r) => !r.allowlisted && r.resolvedAt === undefined);
  const unnoticed = live.filter((r) => r.review === 'unauthorized' && !r.noticeSent).length;
  const unreviewed = live.filter((r) => r.review === null).length;

  const ignoring = new Map<string, number>();
  for (const c of f.cases.filter(hostIgnoredNotice)) ignoring.set(c.host, (ignoring.get(c.host) ?? 0) + 1);
  if (ignoring.size > 0) {
    const hosts = [...ignoring].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    out.push({
      id: 'hosts-ignoring-notices',
      priority: 'high',
      title: 'Escalate hosts that ignore your notices',
      text: `${hosts.map(([h, n]) => `${h} (${plural(n, 'case')})`).join(', ')} kept the copies online after a notice. Escalate to the hosting network or registrar, or ask the search engines to delist the URLs.`,
      action: { label: 'Open cases', href: '/cases' },
    });
  }
  const escalations = f.cases.filter((c) => needsPerson(c) && !hostIgnoredNotice(c));
  if (escalations.length > 0) {
    out.push({
      id: 'open-escalations',
      priority: 'high',
      title: `Follow up ${plural(escalations.length, 'case')} that need you`,
      text: `${escalations
        .slice(0, 3)
        .map((c) => c.caseNumber)
        .join(', ')}${escalations.length > 3 ? ' and more' : ''}: no contact was found or the submission failed. Open each case for the reason and send again.`,
      action: { label: 'Open cases', href: '/cases' },
    });
  }
  if (unnoticed > 0) {
    out.push({
      id: 'send-notices',
      priority: 'high',
      title: `Send notices for ${plural(unnoticed, 'violation')}`,
      text: `${plural(unnoticed, 'result')} marked unauthorized ${unnoticed === 1 ? 'has' : 'have'} no takedown notice yet.`,
      action: { label: 'Review and send', href: '/' },
    });
  }
  if (unreviewed > 0) {
    out.push({
      id: 'review-results',
      priority: 'medium',
      title: `Review ${plural(unreviewed, 'result')}`,
      text: 'Results not reviewed yet cannot be sent; the review queue decides them quickly.',
      action: { label: 'Open the review queue', href: '/review' },
    });
  }
  const running = f.monitors.filter((m) => !m.paused);
  if (f.monitors.length === 0) {
    out.push({
      id: 'create-monitor',
      priority: 'medium',
      title: 'Create a monitor',
      text: `You have no monitor, so new copies are found only when you scan. Your ${rule.name} plan keeps ${plural(rule.monitors.count, 'monitor')}.`,
      action: { label: 'Open Monitoring', href: '/monitoring' },
    });
  } else if (rule.automatedSubmission && !running.some((m) => m.autoSubmit)) {
    out.push({
      id: 'auto-submit',
      priority: 'medium',
      title: 'Let a monitor submit automatically',
      text: `${plural(running.length, 'running monitor')}, none with "Submit automatically": new copies that match your pictures wait for you instead of getting a notice at once.`,
      action: { label: 'Open Monitoring', href: '/monitoring' },
    });
  }
  const next = PLAN_ORDER[PLAN_ORDER.indexOf(rule.id) + 1];
  if (!rule.automatedSubmission && (unnoticed > 0 || f.monitors.some((m) => m.autoSubmit))) {
    out.push({
      id: 'upgrade-automation',
      priority: 'medium',
      title: 'Upgrade for automated takedowns',
      text: `The ${rule.name} plan does not send notices to hosts for you${f.monitors.some((m) => m.autoSubmit) ? ', so your monitor\u2019s "Submit automatically" does not act' : ''}. Paid plans do, within their allowances.`,
      action: { label: 'See plans', href: '/account?tab=billing' },
    });
  }
  const scans = f.usage.scans;
  if (next && scans.limit !== null && scans.used >= Math.ceil(scans.limit * 0.8)) {
    out.push({
      id: 'scan-allowance',
      priority: 'low',
      title: 'Your scans are nearly used up',
      text: `${scans.used} of ${scans.limit} scans used this month. ${planRule(next).name} allows ${planRule(next).allowances.scansPerMonth ?? 'unlimited'}.`,
      action: { label: 'See plans', href: '/account?tab=billing' },
    });
  }
  return out.sort((a, b) => ORDER[a.priority] - ORDER[b.priority]);
}

/** `GET /api/risk/recommendations` for the signed-in caller. */
export async function riskRecommendations(userId: string): Promise<RiskRecommendation[]> {
  const [usage, monitors, cases, data] = await Promise.all([
    readStoredPlan(userId).then((stored) => allowanceStatus(userId, stored)),
    listMonitorsByUser(userId),
    listCasesByUser(userId, MAX_RISK_CASES),
    loadRiskData(userId),
  ]);
  return computeRecommendations({ usage, monitors, cases, results: data.results });
}
