import { apiPath, contract } from '../../../shared/contract';
import type { Alert, AlertMode } from '../../../shared/schemas/monitor';
import * as alertStore from '../../store/entities/alert';
import type { AlertRecord } from '../../store/entities/alert';
import * as digests from '../../store/entities/alert-digest';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { getUser } from '../users';
import { getMonitor, type MonitorRecord } from './monitors';
import { listAlertItems } from './bell';
import { unsubscribeToken } from './unsubscribe';

/** Daily digests go out this long after the first alert they hold. */
const DIGEST_DELAY_SECONDS = 86_400;

/*
 * Alerts raised and mailed (the monitor runs, the digest job); the bell's reads are in bell.ts.
 */

/**
 * Records an alert for the bell and mails it as the monitor's setting says: `instant` now, `daily` in the
 * user's next digest (a `DIGEST_DUE` entry on gsi3 that the dispatcher sends), `off` not at all.
 * The alert id derives from the run and kind, so a retried follow-up writes (and mails) it once.
 */
export async function raiseAlert(
  m: MonitorRecord,
  input: { kind: Alert['kind']; searchId: string; title: string; items: Alert['items']; summary?: string; key?: string },
  now = new Date(),
): Promise<AlertRecord | undefined> {
  // One alert per run and kind; `key` (digits and letters) names one more occasion, such as a re-emergence job's run.
  const id = input.key ? `${input.searchId}-${input.kind}-${input.key}` : `${input.searchId}-${input.kind}`;
  const createdAt = now.toISOString();
  const alert: AlertRecord = {
    id,
    userId: m.userId,
    kind: input.kind,
    monitorId: m.id,
    monitorName: m.name,
    searchId: input.searchId,
    title: input.title,
    items: input.items.slice(0, 100),
    ...(input.summary ? { summary: input.summary } : {}),
    createdAt,
    read: false,
    mailed: false,
    alertMode: m.alerts,
  };
  if (!(await alertStore.raise(alert))) return undefined; // raised before (a retried step)
  if (m.alerts === 'instant') await mailAlerts(m.userId, [alert], m);
  else if (m.alerts === 'daily') await scheduleDigest(m.userId, now);
  return alert;
}

async function scheduleDigest(userId: string, now: Date): Promise<void> {
  const dueAt = new Date(now.getTime() + DIGEST_DELAY_SECONDS * 1000).toISOString();
  await digests.schedule({ userId, dueAt }); // false: a digest is already scheduled, and this alert joins it
}

/**
 * Sends the digests due at `now` (at most `limit`): one e-mail per user with the alerts raised in `daily` mode
 * and not mailed yet. An `off` alert is for the bell only, and an `instant` one was mailed when raised (or its
 * mail failed and the bell shows it), so neither is ever in a digest; nor is an alert of a monitor deleted or
 * switched off since (the digest's unsubscribe link turns its monitors off).
 */
export async function sendDueDigests(now: Date, limit: number): Promise<number> {
  let sent = 0;
  for (const d of await digests.due(now.toISOString(), limit)) {
    // Claim by deleting the schedule entry: only the caller that deleted it sends.
    if (!(await digests.claim(d))) continue;
    const pending = await digestAlerts(d.userId);
    if (pending.length > 0 && (await mailAlerts(d.userId, pending))) sent += 1;
  }
  return sent;
}

/** The alerts a user's digest holds: raised in `daily` mode, not mailed, their monitor still there and not off. */
async function digestAlerts(userId: string): Promise<AlertRecord[]> {
  const waiting = (await listAlertItems(userId)).filter((a) => !a.mailed && a.alertMode === 'daily');
  const modes = new Map<string, AlertMode | undefined>();
  for (const id of new Set(waiting.map((a) => a.monitorId))) {
    const m = await getMonitor(id);
    modes.set(id, m?.userId === userId ? m.alerts : undefined);
  }
  return waiting.filter((a) => modes.get(a.monitorId) !== undefined && modes.get(a.monitorId) !== 'off');
}

/** Where a person reviews what an alert is about. */
export function reviewLink(alert: Pick<Alert, 'kind' | 'searchId' | 'items'>): string {
  const base = config().publicUrl;
  if (alert.kind === 'reappeared' && alert.items[0]?.caseId) return `${base}/dmca/${alert.items[0].caseId}`;
  return `${base}/search?id=${alert.searchId}&filter=new`;
}

const unsubscribeLink = async (monitorIds: string[], userId: string) =>
  `${config().publicUrl}${apiPath(contract.unsubscribePage, { query: { token: await unsubscribeToken(monitorIds, userId) } })}`;

/**
 * One e-mail for one or more alerts, to the account's address, with `List-Unsubscribe` (a signed one-click link,
 * RFC 8058: `List-Unsubscribe-Post: List-Unsubscribe=One-Click`) that turns off the e-mail alerts of every
 * monitor the mail is about, without signing in. A digest about several monitors also lists a link per
 * monitor, so one monitor can be turned off and the others kept. Marks the alerts mailed. Failures are
 * logged: the bell still shows the alert.
 */
async function mailAlerts(userId: string, alerts: AlertRecord[], monitor?: MonitorRecord): Promise<boolean> {
  const user = await getUser(userId);
  if (!user?.email) return false;
  const first = alerts[0]!;
  // The monitors the mail is about, in the order their alerts are listed, with the name each alert carries.
  const monitors = new Map<string, string>();
  for (const a of alerts) if (!monitors.has(a.monitorId)) monitors.set(a.monitorId, a.monitorId === monitor?.id ? monitor.name : a.monitorName);
  const unsubscribe = await unsubscribeLink([...monitors.keys()], userId);
  const count = alerts.reduce((n, a) => n + a.items.length, 0);
  const subject =
    alerts.length === 1
      ? first.title
      : `Vigil daily digest: ${count} item${count === 1 ? '' : 's'} from your monitors`;
  const lines: string[] = [];
  for (const a of alerts) {
    lines.push(a.title, '');
    if (a.summary) lines.push(a.summary, '');
    for (const it of a.items) {
      const link = it.caseId ? `: ${config().publicUrl}/dmca/${it.caseId}` : '';
      const number = it.caseNumber ? ` ${it.caseNumber}` : '';
      const state =
        it.state === 'has-case'
          ? `, already has case${number}, nothing new filed${link}`
          : it.state === 'waiting'
            ? ', waiting for your review'
            : it.autoSubmitted && it.caseId
              ? `, sent automatically, case${number}${link}`
              : '';
      lines.push(`  ${it.url}  (confidence ${it.confidence}%${state})`);
    }
    lines.push('', `Review them: ${reviewLink(a)}`, '');
  }
  if (monitors.size === 1) {
    lines.push('--', `You get this because alerts are on for the monitor "${[...monitors.values()][0]}".`, `Turn these alerts off: ${unsubscribe}`);
  } else {
    const names = [...monitors.values()].map((n) => `"${n}"`).join(', ');
    lines.push('--', `You get this digest because daily alerts are on for the monitors ${names}.`);
    for (const [id, name] of monitors) lines.push(`Turn off alerts for "${name}": ${await unsubscribeLink([id], userId)}`);
    lines.push(`Turn off alerts for all of them: ${unsubscribe}`);
  }
  try {
    await mailSender().send({
      to: user.email,
      from: { name: 'Vigil alerts', address: `alerts@${new URL(config().publicUrl).hostname}` },
      subject,
      text: lines.join('\n'),
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Vigil-Alert': alerts.map((a) => a.id).join(','),
      },
    });
  } catch (err) {
    logger.error('alert e-mail not sent', { userId, error: err as Error });
    return false;
  }
  for (const a of alerts) await alertStore.markMailed(a.id);
  return true;
}
