import { NotFoundError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { binary, json, resolveUserParam, userEndpoint } from '../chain';
import { checkDelistingNow, fileCdnTask, fileDelisting, listCdnTasks, googleQueueExport, listDelistingQueue, recordCounterNotice, refuseDelistingRequest } from '../../services/agent/console';
import { creatorOutcomes, platformOutcomes } from '../../services/cases/outcomes';

/*
 * Issue 23's routes in the cases area: the agent console (auth `agent`: the chain answers 401 to anonymous callers
 * and 403 to callers outside the agent group who are not administrators) and the outcome figures.
 */

export const agentDelistingQueue = userEndpoint(contract.agentDelistingQueue, async ({ query }) => json(await listDelistingQueue(query.engine)));

export const agentDelistingFiled = userEndpoint(contract.agentDelistingFiled, async ({ params, body, caller }) =>
  json(await fileDelisting(params.id, body.reference, caller.userId)),
);

export const agentDelistingRefused = userEndpoint(contract.agentDelistingRefused, async ({ params, body }) => json(await refuseDelistingRequest(params.id, body.note)));

export const agentDelistingCheck = userEndpoint(contract.agentDelistingCheck, async ({ params }) => json(await checkDelistingNow(params.id)));

/** One batch file of Google's trusted-submitter bulk upload (`?batch=N`); the batch count is in `x-batch-count`. */
export const agentGoogleExport = userEndpoint(contract.agentGoogleExport, async ({ query }) => {
  const files = await googleQueueExport();
  const file = files[query.batch - 1];
  if (!file) throw new NotFoundError(`Batch ${query.batch}`);
  const reply = binary(Buffer.from(file.content, 'utf8'), 'text/plain; charset=utf-8', file.filename);
  return { ...reply, headers: { ...reply.headers, 'x-batch-count': String(files.length), 'access-control-expose-headers': 'x-batch-count' } };
});

export const agentCdnTasks = userEndpoint(contract.agentCdnTasks, async () => json(await listCdnTasks()));

export const agentCdnTaskFiled = userEndpoint(contract.agentCdnTaskFiled, async ({ params, body, caller }) => json(await fileCdnTask(params.id, body.reference, caller.userId)));

export const agentCounterNotice = userEndpoint(contract.agentCounterNotice, async ({ params, body }) => json(await recordCounterNotice(params.id.toUpperCase(), body)));

export const caseOutcomes = userEndpoint(contract.caseOutcomes, async ({ params, caller }) => json(await creatorOutcomes(resolveUserParam(caller, params.id))));

export const adminOutcomes = userEndpoint(contract.adminOutcomes, async () => json(await platformOutcomes(new Date(Date.now() - 90 * 86_400_000).toISOString())));

export const ISSUE_23_ENDPOINTS = [agentDelistingQueue, agentDelistingFiled, agentDelistingRefused, agentDelistingCheck, agentGoogleExport, agentCdnTasks, agentCdnTaskFiled, agentCounterNotice, caseOutcomes, adminOutcomes];
