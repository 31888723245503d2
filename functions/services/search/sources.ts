// The connectors' modules one by one, not their index: checking a form must not bring the connectors and their
// HTML parser into the scan and monitor API bundles (bench:lambda's budget).
import { SourceConfigError } from '../../adapters/sources/errors';
import { SharedHostLimiter } from '../../adapters/sources/polite';
import { SITE_RULES } from '../../adapters/sources/site-rules';
import { normaliseSourceSpec, sourcesConfig } from '../../adapters/sources/spec';
import type { SourceRun } from '../../adapters/sources/types';
import { perConfig } from '../../lib/config';
import { ValidationError } from '../../lib/errors';
import { MAX_SOURCES, type SiteRuleSummary, type SourceHealth, type SourceSpec } from '../../../shared/schemas/sources';
import * as health from '../../store/entities/source-health';
import * as hostWindow from '../../store/entities/source-host-window';
import * as monitors from '../../store/entities/monitor';
import * as searches from '../../store/entities/search';

/*
 * Sources in scans and monitors (issue 25): the checks the shared schema cannot make (a site rule must be one the
 * connectors know), each source's health for the admin, and the Telegram channels discovered in a monitor's runs.
 */

/** The leak sites a creator can choose from: every site rule the connectors hold, by name. */
export function siteRuleSummaries(): SiteRuleSummary[] {
  return SITE_RULES.map((r) => ({ id: r.id, name: r.name, kind: r.kind, needsEntry: r.find === 'entry' })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Checks sources already parsed by the shared schema (format, count, duplicates) against what the connectors
 * can read on this deployment: a known site rule (with the folder id a rule needs), Reddit configured. Each
 * problem is a 400 naming the source; returns the sources as the connectors normalise them.
 */
export function checkSources(sources: SourceSpec[], path = 'body.sources'): SourceSpec[] {
  if (sources.length > MAX_SOURCES) throw new ValidationError(`Add at most ${MAX_SOURCES} sources.`, [{ path, message: `Add at most ${MAX_SOURCES} sources.` }]);
  if (sources.length === 0) return sources;
  const config = sourcesConfig();
  const fields: { path: string; message: string }[] = [];
  const checked = sources.map((s, i) => {
    try {
      return normaliseSourceSpec(s, config);
    } catch (err) {
      if (!(err instanceof SourceConfigError)) throw err;
      fields.push({ path: `${path}.${i}.target`, message: `${err.message.replace(/\.$/, '')}.` });
      return s;
    }
  });
  if (fields.length > 0) throw new ValidationError(fields[0]!.message, fields);
  return checked;
}

/**
 * The rate limiter of the product's source runs: each host's window is an item of the table
 * (store/entities/source-host-window.ts), so a host's limit holds across every QuerySource container at once, not
 * per process. One per configuration, as the process limiter.
 */
export const sharedSourceLimiter = perConfig(() => new SharedHostLimiter((host, rule, nowMs) => hostWindow.reserve(host, rule, nowMs)));

/** Adds one run of a source to its health counters (the QuerySource task, once per branch). */
export function recordSourceRun(run: health.SourceRunRecord): Promise<void> {
  return health.recordRun(run);
}

/** Records what one read of a source did (its requests, candidates, waits, and why it stopped, if it did). */
export function recordSourceRead(spec: SourceSpec, run: SourceRun, at: string): Promise<void> {
  return recordSourceRun({
    ...spec,
    at,
    ok: !run.stoppedBecause,
    requests: run.requests,
    candidates: run.candidates.length,
    rateLimitWaitMs: run.rateLimitWaitMs,
    ...(run.stoppedBecause ? { problem: run.stoppedBecause } : {}),
  });
}

/** Every source's health, worst first (highest error rate, then the longest since a success). */
export async function listSourceHealth(): Promise<SourceHealth[]> {
  const all = await health.list();
  return all.sort((a, b) => b.errorRate - a.errorRate || (a.lastSuccessAt ?? '').localeCompare(b.lastSuccessAt ?? '') || `${a.kind}:${a.target}`.localeCompare(`${b.kind}:${b.target}`));
}

/**
 * Adds the Telegram channels a monitor's run saw in `t.me/` links (its posts, its results) to the channels
 * offered on the monitor's page, leaving out the ones it watches and stopping at DISCOVERED_KEPT.
 */
export async function recordDiscoveredChannels(monitorId: string, channels: readonly string[]): Promise<string[]> {
  if (channels.length === 0) return [];
  const m = await monitors.get(monitorId);
  if (!m) return [];
  const known = new Set([...m.discoveredChannels, ...m.sources.filter((s) => s.kind === 'telegram').map((s) => s.target)].map((c) => c.toLowerCase()));
  const room = Math.max(0, monitors.DISCOVERED_KEPT - m.discoveredChannels.length);
  const added = [...new Set(channels.map((c) => c.toLowerCase()))].filter((c) => !known.has(c)).slice(0, room);
  await monitors.addDiscoveredChannels(monitorId, added);
  return added;
}

/**
 * Records on a manual scan the Telegram channels its results and posts linked to (issue 25), leaving out the ones
 * it read as sources, at most DISCOVERED_KEPT: its page offers them to the creator, as a monitor's page does.
 */
export async function recordScanChannels(searchId: string, channels: readonly string[]): Promise<string[]> {
  if (channels.length === 0) return [];
  const s = await searches.get(searchId);
  if (!s) return [];
  const read = new Set((s.sources ?? []).filter((x) => x.kind === 'telegram').map((x) => x.target.toLowerCase()));
  const kept = [...new Set(channels.map((c) => c.replace(/^@/, '').toLowerCase()))].filter((c) => !read.has(c)).sort().slice(0, monitors.DISCOVERED_KEPT);
  await searches.setDiscoveredChannels(searchId, kept);
  return kept;
}
