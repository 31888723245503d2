import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import { lambdaTask } from './lambda-task';
import { renderAsl, type Asl } from './render-asl';

/**
 * The search workflow's Task states, by state name. The local runner maps its in-process handlers to these
 * names (aws-local-stepfunctions overrides are keyed by state name), so renaming one is a contract change.
 */
export const SEARCH_TASKS = ['Fingerprint', 'QueryEngine', 'QuerySource', 'Triage', 'Persist', 'Finalize'] as const;
export type SearchTaskName = (typeof SEARCH_TASKS)[number];
export type SearchTaskFunctions = Partial<Record<SearchTaskName, lambda.IFunction>>;

/**
 * Error names a QueryEngine task throws when a provider rate-limits it; the Map branch retries these with
 * backoff (functions/adapters/providers/errors.ts). Any other error (or retries running out) is caught, so one failing engine makes the search
 * `partial` and never `failed` or stuck (ARCHITECTURE.md, "Search workflow").
 */
export const SEARCH_THROTTLING_ERRORS = ['ThrottledError'];

/**
 * Builds the search workflow: Fingerprint -> Map over `$.engines` (QueryEngine with Retry and Catch) -> Map
 * over `$.sources` (QuerySource with Catch; issue 25) -> Triage -> Persist -> Finalize. Executions started
 * without `sources` and `since` (before issue 25) skip the sources' Map. A task whose function is not given becomes a Pass state of the same name,
 * so the graph is real before every task exists. A failure outside the Map goes to Finalize with the error
 * under `$.failure`, so the search is always closed.
 *
 * Input: `{ searchId, userId, engines: string[], ... }`. Each task gets the whole state (payload only) and
 * its result lands under its own key: `$.fingerprint`, `$.engineResults`, `$.triage`, `$.persisted`.
 *
 * Called by the workflows stack with real functions and by `renderSearchAsl()` for the local runner.
 */
export function buildSearchDefinition(scope: Construct, fns: SearchTaskFunctions): sfn.IChainable {
  const step = (name: SearchTaskName, resultPath: string, timeout: Duration) => {
    const fn = fns[name];
    if (!fn) return new sfn.Pass(scope, name, { resultPath, result: sfn.Result.fromObject({ skipped: true }) });
    return lambdaTask(scope, name, fn, { resultPath, timeout });
  };

  const finalize = step('Finalize', '$.finalized', Duration.minutes(1));
  const closeOnError = (state: sfn.Pass | tasks.LambdaInvoke) =>
    state instanceof tasks.LambdaInvoke ? state.addCatch(finalize, { resultPath: '$.failure' }) : state;

  const fingerprint = closeOnError(step('Fingerprint', '$.fingerprint', Duration.minutes(5)));

  const queryEngine = step('QueryEngine', '$.result', Duration.minutes(2));
  const engineFailed = new sfn.Pass(scope, 'EngineFailed', {
    parameters: { 'engine.$': '$.engine', ok: false, 'error.$': '$.failure.Error' },
  });
  const engineDone = new sfn.Pass(scope, 'EngineDone', {
    parameters: { 'engine.$': '$.engine', ok: true, 'result.$': '$.result' },
  });
  if (queryEngine instanceof tasks.LambdaInvoke) {
    queryEngine
      .addRetry({
        errors: SEARCH_THROTTLING_ERRORS,
        interval: Duration.seconds(2),
        backoffRate: 2,
        maxAttempts: 4,
        jitterStrategy: sfn.JitterType.FULL,
      })
      .addCatch(engineFailed, { errors: [sfn.Errors.ALL], resultPath: '$.failure' });
  }

  const queryEngines = new sfn.Map(scope, 'QueryEngines', {
    itemsPath: '$.engines',
    itemSelector: {
      'engine.$': '$$.Map.Item.Value',
      'searchId.$': '$.searchId',
      'userId.$': '$.userId',
      'fingerprint.$': '$.fingerprint',
    },
    resultPath: '$.engineResults',
  });
  queryEngines.itemProcessor(queryEngine.next(engineDone));

  // Issue 25: each source in its own branch. The task ends a bad source's run itself with a reason (never
  // throws for a page or a configuration); anything else (a crash, a timeout) is caught here, so a failing
  // source makes the scan `partial` and never `failed` or stuck. No Retry on throttling: the connectors wait
  // for each host's rate limit themselves.
  const querySource = step('QuerySource', '$.result', Duration.minutes(2));
  const sourceFailed = new sfn.Pass(scope, 'SourceFailed', {
    parameters: { 'source.$': '$.source', ok: false, 'error.$': '$.failure.Error' },
  });
  const sourceDone = new sfn.Pass(scope, 'SourceDone', {
    parameters: { 'source.$': '$.source', ok: true, 'result.$': '$.result' },
  });
  if (querySource instanceof tasks.LambdaInvoke) {
    querySource.addCatch(sourceFailed, { errors: [sfn.Errors.ALL], resultPath: '$.failure' });
  }
  const querySources = new sfn.Map(scope, 'QuerySources', {
    itemsPath: '$.sources',
    itemSelector: {
      'source.$': '$$.Map.Item.Value',
      'searchId.$': '$.searchId',
      'userId.$': '$.userId',
      'since.$': '$.since',
    },
    resultPath: '$.sourceResults',
  });
  querySources.itemProcessor(querySource.next(sourceDone));

  const triage = closeOnError(step('Triage', '$.triage', Duration.minutes(10)));
  const hasSources = new sfn.Choice(scope, 'HasSources')
    .when(sfn.Condition.and(sfn.Condition.isPresent('$.sources'), sfn.Condition.isPresent('$.since')), querySources.next(triage))
    .otherwise(triage);
  const persist = closeOnError(step('Persist', '$.persisted', Duration.minutes(5)));

  triage.next(persist).next(finalize);
  return sfn.Chain.start(fingerprint).next(queryEngines).next(hasSources);
}

/** The search workflow's ASL with every task as a Lambda Task state (fake ARNs), for the local runner. */
export function renderSearchAsl(): Asl {
  return renderAsl(buildSearchDefinition, SEARCH_TASKS);
}
