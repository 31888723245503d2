import { splitInfringingUrls, type CounterNotice, type DmcaCase } from '../../../shared/schemas/cases';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import * as cases from '../../store/entities/case';
import * as outcomes from '../../store/entities/case-outcome';
import { agentIdentity } from '../notices/agent-identity';
import { submissionInfo, type CopyField } from '../submissions/submission-info';
import { buildGoogleBulkFiles, type GoogleBulkFile } from '../submissions/google-bulk-export';
import { restorationWindow } from '../cases/business-days';
import { outcomeRecord } from '../cases/ladder';
import { checkDelisting, delistingQueue, getDelisting, markDelistingFiled, refuseDelisting, type DelistingEngine, type DelistingRecord } from '../cases/delisting';
import { toCaseDto } from '../cases/case-store';
import { getUser } from '../users';
import { cdnFormTasks, getAgentTask, recordAgentTaskFiled, type AgentTaskRecord } from '../cases/agent-tasks';
import type { CdnTaskDto } from '../../../shared/schemas/agent';

/**
 * The agent console (issue 23): the company's DMCA agent files search-engine delisting requests under the
 * company's identity (never the creator's), records the engines' answers and the counter-notices hosts forward.
 * Routes: functions/http/cases/agent.ts (auth `agent`: the agent group or an administrator).
 */

export interface DelistingItem {
  id: string;
  caseId: string;
  caseNumber: string;
  engine: DelistingEngine;
  url: string;
  status: DelistingRecord['status'];
  queuedAt: string;
  filedAt?: string;
  reference?: string;
  checkedAt?: string;
  decidedAt?: string;
  note?: string;
  /** The engine's copyright removal form. */
  formUrl: string;
  /** The form's fields in order, filled with the agent's identity and the case's work. */
  fields: CopyField[];
}

const REPRESENTED = 'A Vigil client (identity on file with the agent)';

async function itemOf(d: DelistingRecord, caseOf: (id: string) => Promise<cases.CaseRecord | undefined>): Promise<DelistingItem> {
  const c = await caseOf(d.caseId);
  const info = submissionInfo(d.engine, agentIdentity(), c ? { description: c.description, originalUrl: c.originalUrl, infringingUrls: [d.url] } : { description: '', originalUrl: '', infringingUrls: [d.url] });
  // The agent files for someone else: Google's "copyright holder" is the client represented, not "Myself".
  const owner = c?.rights?.owner === 'agent' && c.rights.ownerName ? c.rights.ownerName : REPRESENTED;
  const fields = info.fields.map((f) => (f.key === 'copyrightHolder' ? { key: 'copyrightHolder', label: 'Copyright owner you represent', value: owner } : f));
  return {
    id: d.id,
    caseId: d.caseId,
    caseNumber: d.caseNumber,
    engine: d.engine,
    url: d.url,
    status: d.status,
    queuedAt: d.queuedAt,
    ...(d.filedAt ? { filedAt: d.filedAt } : {}),
    ...(d.reference ? { reference: d.reference } : {}),
    ...(d.checkedAt ? { checkedAt: d.checkedAt } : {}),
    ...(d.decidedAt ? { decidedAt: d.decidedAt } : {}),
    ...(d.note ? { note: d.note } : {}),
    formUrl: info.submissionUrl,
    fields,
  };
}

function caseReader() {
  const memo = new Map<string, Promise<cases.CaseRecord | undefined>>();
  return (id: string) => {
    if (!memo.has(id)) memo.set(id, cases.get(id));
    return memo.get(id)!;
  };
}

/** One engine's queue with every status, oldest first. */
export async function listDelistingQueue(engine: DelistingEngine): Promise<DelistingItem[]> {
  const read = caseReader();
  return Promise.all((await delistingQueue(engine)).map((d) => itemOf(d, read)));
}

async function existing(id: string): Promise<DelistingRecord> {
  const d = await getDelisting(id);
  if (!d) throw new NotFoundError('Delisting request');
  return d;
}

/** "Filed": the agent submitted the engine's form; records its reference number. */
export async function fileDelisting(id: string, reference: string, agentUserId: string, now = new Date()): Promise<DelistingItem> {
  const d = await existing(id);
  const filed = await markDelistingFiled(id, reference, agentUserId, now.toISOString());
  if (!filed) throw new ConflictError(`This request is already ${d.status}.`);
  return itemOf(filed, caseReader());
}

/** The engine refused the request. */
export async function refuseDelistingRequest(id: string, note: string | undefined, now = new Date()): Promise<DelistingItem> {
  const d = await existing(id);
  const refused = await refuseDelisting(id, now.toISOString(), note);
  if (!refused) throw new ConflictError(`This request is already ${d.status}.`);
  return itemOf(refused, caseReader());
}

/** Looks the URL up in the engine now: a filed request the engine no longer lists becomes `delisted`. */
export async function checkDelistingNow(id: string, now = new Date()): Promise<DelistingItem> {
  const d = await existing(id);
  if (d.status !== 'filed') throw new ConflictError(d.status === 'queued' ? 'File the request with the engine first.' : `This request is already ${d.status}.`);
  return itemOf(await checkDelisting(d, now), caseReader());
}

/** Google's trusted-submitter bulk files of the queued Google requests: one file per batch of at most 1 MB. */
export async function googleQueueExport(): Promise<GoogleBulkFile[]> {
  const read = caseReader();
  const queued = (await delistingQueue('google')).filter((d) => d.status === 'queued');
  if (queued.length === 0) throw new ValidationError('No queued Google requests to export.', [{ path: 'engine', message: 'The Google queue has no queued request.' }]);
  const works = await Promise.all(
    queued.map(async (d) => {
      const c = await read(d.caseId);
      return { description: c?.description ?? `Case ${d.caseNumber}`, originalUrl: c?.originalUrl ?? '', infringingUrls: [d.url] };
    }),
  );
  return buildGoogleBulkFiles(works);
}

/**
 * A CDN web-form task as the console shows it (issue 23, ladder step 3): the fields CDN abuse forms ask for, in
 * order, filled with the agent's identity (never the creator's) and the case's work and URLs.
 */
function cdnTaskOf(t: AgentTaskRecord, c: cases.CaseRecord | undefined): CdnTaskDto {
  const agent = agentIdentity();
  const owner = c?.rights?.owner === 'agent' && c.rights.ownerName ? c.rights.ownerName : REPRESENTED;
  const urls = c ? splitInfringingUrls(c.infringingUrl) : [t.url];
  const fields: CopyField[] = [
    { key: 'reportType', label: 'Report type', value: 'DMCA / copyright infringement' },
    { key: 'fullName', label: 'Full name', value: agent.name },
    { key: 'email', label: 'E-mail', value: agent.email },
    { key: 'title', label: 'Title', value: 'DMCA Agent' },
    { key: 'company', label: 'Company', value: agent.company },
    { key: 'phone', label: 'Telephone', value: agent.phone },
    { key: 'address', label: 'Address', value: agent.address.split(/\s*[;\n]\s*/).filter(Boolean).join(', ') },
    { key: 'copyrightOwner', label: 'Copyright owner you represent', value: owner },
    { key: 'infringingUrls', label: 'Infringing URLs', value: urls.join('\n') },
    { key: 'description', label: 'Description of the original work', value: c?.description ?? `Case ${t.caseNumber}` },
    ...(c?.originalUrl ? [{ key: 'originalUrl', label: 'Original URL', value: c.originalUrl }] : []),
    {
      key: 'comments',
      label: 'Comments',
      value: `Vigil case ${t.caseNumber}. The site is served through ${t.entityName} (${t.evidence}); the host did not act on the notice. Please forward this complaint to the hosting provider and disable access to the material.`,
    },
    { key: 'signature', label: 'Signature', value: agent.signatureName },
  ];
  return {
    id: t.id,
    caseId: t.caseId,
    caseNumber: t.caseNumber,
    url: t.url,
    entityName: t.entityName,
    formUrl: t.formUrl,
    evidence: t.evidence,
    status: t.status,
    openedAt: t.openedAt,
    ...(t.filedAt ? { filedAt: t.filedAt } : {}),
    ...(t.reference ? { reference: t.reference } : {}),
    ...(c?.outcome && c.submissionAttempt === t.attempt ? { caseOutcome: c.outcome.kind } : {}),
    fields,
  };
}

/** The CDN web-form tasks with every status, oldest first. */
export async function listCdnTasks(): Promise<CdnTaskDto[]> {
  const read = caseReader();
  return Promise.all((await cdnFormTasks()).map(async (t) => cdnTaskOf(t, await read(t.caseId))));
}

/** "Filed": the agent submitted the CDN's web form; records its reference on the task and the case's ladder. */
export async function fileCdnTask(id: string, reference: string, agentUserId: string, now = new Date()): Promise<CdnTaskDto> {
  const t = await getAgentTask(id);
  if (!t) throw new NotFoundError('Agent task');
  const filed = await recordAgentTaskFiled(t, reference, agentUserId, now.toISOString());
  if (!filed) throw new ConflictError('This task is already filed.');
  return cdnTaskOf(filed, await cases.get(t.caseId));
}

/**
 * Records a counter-notice against a case (17 U.S.C. 512(g)): the restoration window of 10 to 14 federal business
 * days from its receipt, `counter-noticed` as the case's outcome (the ladder stops), and an e-mail to the creator
 * explaining what it means and what they can do. 409 when the case already has one.
 */
export async function recordCounterNotice(
  caseId: string,
  input: { by: string; receivedAt: string; statement: string },
  now = new Date(),
): Promise<DmcaCase> {
  const c = await cases.get(caseId);
  if (!c) throw new NotFoundError('Case');
  if (c.counterNotice) throw new ConflictError('This case already has a counter-notice.');
  const at = now.toISOString();
  const notice: CounterNotice = { by: input.by, receivedAt: input.receivedAt, statement: input.statement, recordedAt: at, ...restorationWindow(input.receivedAt) };
  const outcome = { kind: 'counter-noticed' as const, at, step: c.ladder?.step ?? 'host', reason: `Counter-notice from ${input.by}.` };
  const updated = await cases.recordCounterNotice(caseId, notice, outcome);
  if (!updated) throw new ConflictError('This case already has a counter-notice.');
  await outcomes.create(outcomeRecord(updated, outcome));
  const creator = await getUser(c.userId);
  if (creator?.email) await mailSender().send(counterNoticeEmail(creator.email, updated, notice));
  return toCaseDto(updated);
}

export function counterNoticeEmail(to: string, c: Pick<cases.CaseRecord, 'caseNumber' | 'infringingUrl'>, n: CounterNotice) {
  const agent = agentIdentity();
  return {
    to,
    from: { name: agent.name, address: agent.email },
    subject: `Counter-notice on case ${c.caseNumber}`,
    headers: { 'X-Vigil-Case': c.caseNumber },
    text: [
      `The host forwarded a counter-notice about case ${c.caseNumber}:`,
      c.infringingUrl,
      '',
      `From: ${n.by}`,
      `Received: ${n.receivedAt}`,
      `Statement: ${n.statement}`,
      '',
      'What it means: under 17 U.S.C. 512(g), the person who uploaded the material says it was removed by mistake or',
      `misidentification. The host may put it back no sooner than ${n.restoreFrom} and must by ${n.restoreBy}`,
      '(10 to 14 U.S. federal business days after the counter-notice), unless you tell the host that you have filed a',
      'court action to stop the infringement before then.',
      '',
      'What you can do: if you believe the counter-notice is wrong, speak to a lawyer about filing suit within that',
      'window and send the host proof of filing. Otherwise the material may come back, and Vigil stops escalating',
      'this URL: the case is closed as counter-noticed.',
      '',
      `${agent.name}, ${agent.company}`,
    ].join('\n'),
  };
}
