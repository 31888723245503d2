import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { admitProviderSearches } from '../allowances/scan-admission';
import { loadProviderConfig } from '../../adapters/providers/config';
import { providerFor } from '../../adapters/providers/registry';
import * as delistings from '../../store/entities/delisting';
import type { DelistingEngine, DelistingRecord } from '../../store/entities/delisting';
import type { CaseRecord } from './case-store';

/**
 * Search-engine delisting (issue 23, ladder step 5): requests the company's agent files with Google and Bing,
 * one per URL still online per engine, and the check that asks the engine again whether it still lists the URL.
 */
export type { DelistingEngine, DelistingRecord };
export const DELISTING_ENGINES = delistings.DELISTING_ENGINES;

/** Queues a request per engine for every URL of the case still online; returns how many are queued (retries queue once). */
export async function queueDelisting(c: Pick<CaseRecord, 'id' | 'userId' | 'caseNumber' | 'infringingUrl'>, stillOnline: string[] | undefined, at: string): Promise<number> {
  const urls = splitInfringingUrls(c.infringingUrl);
  const online = stillOnline?.length ? urls.filter((u) => stillOnline.includes(u)) : urls;
  let n = 0;
  for (const engine of DELISTING_ENGINES) {
    for (const url of online) {
      const id = `${c.id}-${engine}-${urls.indexOf(url)}`;
      await delistings.create({ id, caseId: c.id, userId: c.userId, caseNumber: c.caseNumber, engine, url, status: 'queued', queuedAt: at });
      n++;
    }
  }
  return n;
}

export const delistingRequestsOf = (caseId: string) => delistings.listForCase(caseId);
export const delistingQueue = (engine: DelistingEngine, limit = 500) => delistings.listQueue(engine, limit);
export const getDelisting = (id: string) => delistings.get(id);
export const markDelistingFiled = (id: string, reference: string, by: string, at: string) => delistings.markFiled(id, reference, by, at);
export const refuseDelisting = (id: string, at: string, note?: string) => delistings.decide(id, 'refused', at, note);

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * Whether `engine` still lists `url`: the URL itself searched on the engine through the configured provider (the
 * sandbox web locally). An engine that cannot be asked throws: "not checked" is never "delisted".
 */
export async function engineLists(engine: DelistingEngine, url: string, now = new Date()): Promise<boolean> {
  // Metered like every provider search (issue 27's platform budget): 503 PROVIDER_BUDGET_EXHAUSTED when spent.
  await admitProviderSearches(1, now);
  const provider = providerFor(engine, await loadProviderConfig());
  const found = await provider.search({ engine, kind: 'web', query: url, limit: 10 });
  return found.some((c) => sameUrl(c.url, url));
}

/** Asks the engine about a filed request: no longer listed makes it `delisted`. Returns the request as it is now. */
export async function checkDelisting(d: DelistingRecord, now = new Date()): Promise<DelistingRecord> {
  if (d.status !== 'filed') return d;
  const at = now.toISOString();
  if (await engineLists(d.engine, d.url, now)) {
    await delistings.touchChecked(d.id, at);
    return { ...d, checkedAt: at };
  }
  return (await delistings.decide(d.id, 'delisted', at)) ?? (await delistings.get(d.id)) ?? d;
}
