import { finalize } from './finalize';
import { fingerprint } from './fingerprint';
import { persist } from './persist';
import { queryEngine } from './query-engine';
import { querySource } from './query-source';
import { triage } from './triage';

/**
 * The search workflow's task handlers by Task state name (infra/workflows/search-definition.ts SEARCH_TASKS):
 * the local runner maps these onto the ASL that CDK builds; on AWS each is its own Lambda function (each
 * file's `handler` export).
 */
export const searchTaskHandlers = {
  Fingerprint: fingerprint,
  QueryEngine: queryEngine,
  QuerySource: (input: Parameters<typeof querySource>[0]) => querySource(input),
  Triage: triage,
  Persist: persist,
  Finalize: finalize,
} as const;
