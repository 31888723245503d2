import { apiPath, contract } from '../../../shared/contract';
import { monitorExtraFieldsSchema } from '../../../shared/schemas/monitor';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { areaHandler, assertOwner, json, publicEndpoint, rawBody, resolveUserParam, userEndpoint, type Caller } from '../chain';
import { isOwnedBy, requireOwned } from '../../lib/ownership';
import { listAlerts, markAlertsRead } from '../../services/monitors/bell';
import {
  deleteMonitor,
  getMonitor,
  listMonitorsByUser,
  monitorCount,
  planOf,
  toMonitorDto,
  updateMonitor,
  withinPlanCount,
  type MonitorRecord,
} from '../../services/monitors/monitors';
import { assertAutoSubmitAllowed, assertCadenceAllowed, planExcessRefusal } from '../../services/monitors/rules';
import { createMonitor } from '../../services/monitors/create-monitor';
import { startMonitorRun } from '../../services/monitors/runs';
import { verifyUnsubscribeToken } from '../../services/monitors/unsubscribe';
import { listSearchesByMonitor } from '../../services/search/searches';
import { parseScanRequest } from '../scan-request';
import { checkSources } from '../../services/search/sources';

/*
 * Monitors (issue 11): saved, scheduled scans. Reads by id follow assertOwner (owner or admin); changes,
 * deletion and run-now are the owner's only (anyone else, admins included, gets 404), as for reviews.
 */

const RUNS_SHOWN = 20;

/** The caller's own monitor, or 404 (admins may look through GET only). */
async function ownMonitor(caller: Caller, id: string): Promise<MonitorRecord> {
  return requireOwned(await getMonitor(id), caller.userId, 'Monitor');
}

/**
 * `POST /api/monitors` (multipart): the fields and checks of `POST /api/search` plus `cadence`, `alerts`,
 * `name`, `autoSubmit` and `originalUrl` ("Submit automatically" is refused on the trial: 402 PLAN_REQUIRED).
 * The plan checks, the slot and the stored files are the service's (services/monitors/create-monitor.ts).
 */
const createMonitorEndpoint = userEndpoint(contract.createMonitor, async ({ event, caller }) => {
  const { userId, input, references, libraryReferences, extra } = await parseScanRequest(event, caller, monitorExtraFieldsSchema);
  const { monitor, plan } = await createMonitor(userId, {
    name: extra.name,
    cadence: extra.cadence,
    alerts: extra.alerts,
    autoSubmit: extra.autoSubmit,
    originalUrl: extra.originalUrl,
    names: input.query,
    searchEngines: input.searchEngines,
    contentType: input.contentType,
    references,
    libraryReferences,
    sources: checkSources(input.sources),
  });
  return json(toMonitorDto(monitor, plan), 201);
});

const listMonitors = userEndpoint(contract.listMonitors, async ({ params, caller }) => {
  const userId = resolveUserParam(caller, params.id);
  const plan = await planOf(userId);
  return json((await listMonitorsByUser(userId)).map((m) => toMonitorDto(m, plan)));
});

const getMonitorEndpoint = userEndpoint(contract.getMonitor, async ({ params, caller }) => {
  const m = assertOwner(caller, await getMonitor(params.id), 'Monitor');
  const runs = (await listSearchesByMonitor(m.id, RUNS_SHOWN)).map((s) => ({
    searchId: s.id,
    startedAt: s.createdAt,
    status: s.status,
    newCount: s.newCount ?? null,
  }));
  return json({ ...toMonitorDto(m, await planOf(m.userId)), runs });
});

const updateMonitorEndpoint = userEndpoint(contract.updateMonitor, async ({ params, body, caller }) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const m = await ownMonitor(caller, params.id);
    const plan = await planOf(m.userId);
    if (body.cadence) assertCadenceAllowed(plan, body.cadence, await monitorCount(m.userId));
    // Resuming needs one of the plan's slots: after a downgrade only the oldest monitors hold one (402 PLAN_LIMIT).
    if (body.paused === false && m.paused && !(await withinPlanCount(m, plan))) throw planExcessRefusal(plan, await monitorCount(m.userId));
    // Turning "Submit automatically" on needs a paid plan; turning it off (or keeping it after a downgrade) never does.
    if (body.autoSubmit === true && !m.autoSubmit) assertAutoSubmitAllowed(plan);
    if (body.sources) body.sources = checkSources(body.sources, 'body.sources');
    const updated = await updateMonitor(m, body);
    if (updated) return json(toMonitorDto(updated, plan));
  }
  throw new ConflictError('The monitor changed while saving. Please try again.');
});

const deleteMonitorEndpoint = userEndpoint(contract.deleteMonitor, async ({ params, caller }) => {
  await deleteMonitor(await ownMonitor(caller, params.id));
  return { status: 204 };
});

/** `POST /api/monitors/{id}/run`: one run now (origin `monitor-run-now`; like every run it counts against the scan allowance). */
const runMonitor = userEndpoint(contract.runMonitor, async ({ params, caller }) => {
  const m = await ownMonitor(caller, params.id);
  if (m.paused) throw new ConflictError('Resume the monitor to run it.', 'MONITOR_PAUSED');
  const searchId = await startMonitorRun(m);
  if (!searchId) throw new ConflictError('The monitor changed meanwhile. Please try again.');
  return json({ searchId, monitorId: m.id }, 202);
});

const listAlertsEndpoint = userEndpoint(contract.listAlerts, async ({ params, caller }) =>
  json(await listAlerts(resolveUserParam(caller, params.id))),
);

/** Marks alerts read: the owner only (an admin looking at someone's bell does not clear it). */
const readAlerts = userEndpoint(contract.readAlerts, async ({ params, body, caller }) => {
  const userId = resolveUserParam(caller, params.id);
  if (userId !== caller.userId) throw new NotFoundError('Alerts');
  return json({ marked: await markAlertsRead(userId, body.ids) });
});

function page(title: string, body: string, status = 200) {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">${body}</body></html>`,
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The caller's monitors a verified token names (another user's, or deleted ones, are left out). */
async function namedMonitors(who: { monitorIds: string[]; userId: string }): Promise<MonitorRecord[]> {
  const found: MonitorRecord[] = [];
  for (const id of who.monitorIds) {
    const m = await getMonitor(id);
    if (isOwnedBy(m, who.userId)) found.push(m);
  }
  return found;
}

/** Opening the link in a browser asks for a confirming click (mail scanners follow GET links; RFC 8058). */
const unsubscribePage = publicEndpoint(contract.unsubscribePage, async ({ query }) => {
  const who = await verifyUnsubscribeToken(query.token);
  if (!who) return page('Link not valid', '<h1>This link is not valid</h1><p>Change alert settings in Vigil under Settings.</p>', 400);
  const names = (await namedMonitors(who)).map((m) => `“${escape(m.name)}”`);
  const what = names.length === 0 ? 'the deleted monitor' : names.length === 1 ? `the monitor ${names[0]}` : `the monitors ${names.join(', ')}`;
  return page(
    'Turn off alerts',
    `<h1>Turn off alerts</h1><p>Stop e-mail alerts for ${what}?</p>` +
      `<form method="post" action="${escape(apiPath(contract.unsubscribe, { query: { token: query.token } }))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn off alerts</button></form>`,
  );
});

/**
 * RFC 8058 section 3.2: the POST body is `List-Unsubscribe=One-Click`, form-encoded (or as multipart/form-data,
 * which some providers send). Another site's server posts it, so the route opts out of the same-origin check
 * (shared/contract.ts `crossSite`): the signed token is what authenticates it, as for a GET of the link.
 */
function isOneClickBody(body: string | undefined): boolean {
  if (!body) return false;
  if (new URLSearchParams(body.trim()).get('List-Unsubscribe') === 'One-Click') return true;
  return /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(body);
}

/**
 * RFC 8058 one-click: a signed POST turns off the e-mail alerts of every monitor the token names (one, or all
 * of a digest's), without signing in. The bell still shows their alerts.
 */
const unsubscribe = publicEndpoint(contract.unsubscribe, async ({ query, event }) => {
  const who = await verifyUnsubscribeToken(query.token);
  if (!who) return page('Link not valid', '<h1>This link is not valid</h1>', 400);
  if (!isOneClickBody(rawBody(event))) {
    return page('Not a one-click request', '<h1>Not a one-click unsubscribe</h1><p>The request must carry List-Unsubscribe=One-Click (RFC 8058).</p>', 400);
  }
  for (const id of who.monitorIds) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const m = await getMonitor(id);
      if (!isOwnedBy(m, who.userId) || m.alerts === 'off') break;
      if (await updateMonitor(m, { alerts: 'off' })) break;
    }
  }
  const these = who.monitorIds.length === 1 ? 'this monitor' : 'these monitors';
  return page('Alerts turned off', `<h1>Alerts turned off</h1><p>You will get no more e-mail alerts for ${these}. The bell in Vigil still shows them.</p>`);
});

export const handler = areaHandler('monitors', [
  createMonitorEndpoint,
  listMonitors,
  getMonitorEndpoint,
  updateMonitorEndpoint,
  deleteMonitorEndpoint,
  runMonitor,
  listAlertsEndpoint,
  readAlerts,
  unsubscribePage,
  unsubscribe,
]);
