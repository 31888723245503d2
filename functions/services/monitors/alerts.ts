import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiPath, contract } from '../../../shared/contract';
import type { Alert, AlertMode } from '../../../shared/schemas/monitor';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { GSI1, GSI3 } from '../../store/table';
import { createMailSender } from '../../adapters/mail/create-mail-sender';
import type { MailSender } from '../../adapters/mail/mail-sender';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { isConditionFailure, queryNewest } from '../../store/table';
import { getUser } from '../users';
import { getMonitor, type MonitorRecord } from './monitors';
import { unsubscribeToken } from './unsubscribe';

export const ALERT = 'ALERT';
/** The bell shows the newest alerts; older ones stay in the table (TTL 180 days). */
const BELL_LIMIT = 50;
const ALERT_TTL_DAYS = 180;
/** Daily digests go out this long after the first alert they hold. */
const DIGEST_DELAY_SECONDS = 86_400;

let sender: MailSender | undefined;
const mail = () => (sender ??= createMailSender());
/** Tests swap the mail sender. */
export function setAlertMailSender(s: MailSender | undefined): void {
  sender = s;
}

/** `alertMode` is the monitor's setting when the alert was raised: only `daily` alerts wait for a digest. */
type AlertItem = Alert & { userId: string; mailed: boolean; alertMode?: AlertMode };

function toAlert(item: Record<string, unknown>): AlertItem {
  return {
    id: item.id as string,
    userId: item.userId as string,
    kind: item.kind as Alert['kind'],
    monitorId: item.monitorId as string,
    monitorName: item.monitorName as string,
    searchId: item.searchId as string,
    title: item.title as string,
    items: (item.items as Alert['items']) ?? [],
    ...(item.summary ? { summary: item.summary as string } : {}),
    createdAt: item.createdAt as string,
    read: item.read === true,
    mailed: item.mailed === true,
    ...(item.alertMode ? { alertMode: item.alertMode as AlertMode } : {}),
  };
}

export const toAlertDto = ({ userId: _u, mailed: _m, alertMode: _a, ...a }: AlertItem): Alert => a;

/**
 * Records an alert for the bell and mails it as the monitor's setting says: `instant` now, `daily` in the
 * user's next digest (a `DIGEST_DUE` entry on gsi3 that the dispatcher sends), `off` not at all.
 * The alert id derives from the run and kind, so a retried follow-up writes (and mails) it once.
 */
export async function raiseAlert(
  m: MonitorRecord,
  input: { kind: Alert['kind']; searchId: string; title: string; items: Alert['items']; summary?: string },
  now = new Date(),
): Promise<AlertItem | undefined> {
  const id = `${input.searchId}-${input.kind}`;
  const createdAt = now.toISOString();
  const item = {
    ...keys.entity(ALERT, id),
    ...keys.ownedBy(m.userId, ALERT, `${createdAt}#${id}`),
    entity: ALERT,
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
    expiresAt: Math.floor(now.getTime() / 1000) + ALERT_TTL_DAYS * 86_400,
  };
  try {
    await db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (err) {
    if (isConditionFailure(err)) return undefined; // raised before (a retried step)
    throw err;
  }
  const alert = toAlert(item);
  if (m.alerts === 'instant') await mailAlerts(m.userId, [alert], m);
  else if (m.alerts === 'daily') await scheduleDigest(m.userId, now);
  return alert;
}

async function scheduleDigest(userId: string, now: Date): Promise<void> {
  const dueAt = new Date(now.getTime() + DIGEST_DELAY_SECONDS * 1000).toISOString();
  await db()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.alertDigest(userId), ...keys.due('DIGEST', dueAt, userId), entity: 'ALERT_DIGEST', userId, dueAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err; // a digest is already scheduled: this alert joins it
    });
}

/**
 * Sends the digests due at `now` (at most `limit`): one e-mail per user with the alerts raised in `daily` mode
 * and not mailed yet. An `off` alert is for the bell only, and an `instant` one was mailed when raised (or its
 * mail failed and the bell shows it), so neither is ever in a digest; nor is an alert of a monitor deleted or
 * switched off since (the digest's unsubscribe link turns its monitors off).
 */
export async function sendDueDigests(now: Date, limit: number): Promise<number> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI3.indexName,
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :now',
      ExpressionAttributeValues: { ':pk': keys.duePartition('DIGEST'), ':now': `${now.toISOString()}#~` },
      Limit: limit,
    }),
  );
  let sent = 0;
  for (const d of res.Items ?? []) {
    const userId = d.userId as string;
    // Claim by deleting the schedule entry: only the caller that deleted it sends.
    const claimed = await db()
      .send(new DeleteCommand({ TableName: tableName(), Key: keys.alertDigest(userId), ConditionExpression: 'gsi3sk = :sk', ExpressionAttributeValues: { ':sk': d.gsi3sk } }))
      .then(() => true)
      .catch((err) => {
        if (isConditionFailure(err)) return false;
        throw err;
      });
    if (!claimed) continue;
    const pending = await digestAlerts(userId);
    if (pending.length > 0 && (await mailAlerts(userId, pending))) sent += 1;
  }
  return sent;
}

/** The alerts a user's digest holds: raised in `daily` mode, not mailed, their monitor still there and not off. */
async function digestAlerts(userId: string): Promise<AlertItem[]> {
  const waiting = (await listAlertItems(userId)).filter((a) => !a.mailed && a.alertMode === 'daily');
  const modes = new Map<string, AlertMode | undefined>();
  for (const id of new Set(waiting.map((a) => a.monitorId))) {
    const m = await getMonitor(id);
    modes.set(id, m?.userId === userId ? m.alerts : undefined);
  }
  return waiting.filter((a) => modes.get(a.monitorId) !== undefined && modes.get(a.monitorId) !== 'off');
}

async function listAlertItems(userId: string): Promise<AlertItem[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, ALERT), limit: BELL_LIMIT });
  const now = Date.now() / 1000;
  return items.filter((i) => !(typeof i.expiresAt === 'number' && i.expiresAt < now)).map(toAlert);
}

/** The bell: the newest alerts and how many are unread. */
export async function listAlerts(userId: string): Promise<{ unread: number; alerts: Alert[] }> {
  const alerts = await listAlertItems(userId);
  return { unread: alerts.filter((a) => !a.read).length, alerts: alerts.map(toAlertDto) };
}

/** Marks the given alerts (or all listed) read; ids of other users' alerts are ignored. */
export async function markAlertsRead(userId: string, ids?: string[]): Promise<number> {
  const targets = ids ?? (await listAlertItems(userId)).filter((a) => !a.read).map((a) => a.id);
  let changed = 0;
  for (const id of targets) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.entity(ALERT, id),
          UpdateExpression: 'SET #read = :true',
          ConditionExpression: 'userId = :u AND #read = :false',
          ExpressionAttributeNames: { '#read': 'read' },
          ExpressionAttributeValues: { ':true': true, ':false': false, ':u': userId },
        }),
      );
      changed += 1;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return changed;
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
async function mailAlerts(userId: string, alerts: AlertItem[], monitor?: MonitorRecord): Promise<boolean> {
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
      const sent = it.autoSubmitted && it.caseId ? `, sent automatically: ${config().publicUrl}/dmca/${it.caseId}` : '';
      lines.push(`  ${it.url}  (confidence ${it.confidence}%${sent})`);
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
    await mail().send({
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
  for (const a of alerts) {
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.entity(ALERT, a.id), UpdateExpression: 'SET mailed = :t', ExpressionAttributeValues: { ':t': true } }));
  }
  return true;
}
