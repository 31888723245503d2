import { NotFoundError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { areaHandler, binary, json, userEndpoint } from '../chain';
import { checkDelistingNow, fileCdnTask, fileDelisting, listCdnTasks, googleQueueExport, listDelistingQueue, recordCounterNotice, refuseDelistingRequest } from '../../services/agent/console';

/*
 * The agent console (issue 23; auth `agent`: the chain answers 401 to anonymous callers and 403 to callers outside
 * the agent group who are not administrators): the engines' delisting queues, the CDN web-form tasks and
 * counter-notices. An area of its own because it does what the creators' case area may not: it mails the creator
 * about a counter-notice (SES) and asks a search engine again (the provider keys). Its function alone gets those
 * grants (infra/stacks/api-stack.ts), and the mail composer stays out of the cases bundle.
 */

const agentDelistingQueue = userEndpoint(contract.agentDelistingQueue, async ({ query }) => json(await listDelistingQueue(query.engine)));

const agentDelistingFiled = userEndpoint(contract.agentDelistingFiled, async ({ params, body, caller }) =>
  json(await fileDelisting(params.id, body.reference, caller.userId)),
);

const agentDelistingRefused = userEndpoint(contract.agentDelistingRefused, async ({ params, body }) => json(await refuseDelistingRequest(params.id, body.note)));

const agentDelistingCheck = userEndpoint(contract.agentDelistingCheck, async ({ params }) => json(await checkDelistingNow(params.id)));

/** One batch file of Google's trusted-submitter bulk upload (`?batch=N`); the batch count is in `x-batch-count`. */
const agentGoogleExport = userEndpoint(contract.agentGoogleExport, async ({ query }) => {
  const files = await googleQueueExport();
  const file = files[query.batch - 1];
  if (!file) throw new NotFoundError(`Batch ${query.batch}`);
  const reply = binary(Buffer.from(file.content, 'utf8'), 'text/plain; charset=utf-8', file.filename);
  return { ...reply, headers: { ...reply.headers, 'x-batch-count': String(files.length), 'access-control-expose-headers': 'x-batch-count' } };
});

const agentCdnTasks = userEndpoint(contract.agentCdnTasks, async () => json(await listCdnTasks()));

const agentCdnTaskFiled = userEndpoint(contract.agentCdnTaskFiled, async ({ params, body, caller }) => json(await fileCdnTask(params.id, body.reference, caller.userId)));

const agentCounterNotice = userEndpoint(contract.agentCounterNotice, async ({ params, body }) => json(await recordCounterNotice(params.id.toUpperCase(), body)));

export const handler = areaHandler('agent', [
  agentDelistingQueue,
  agentDelistingFiled,
  agentDelistingRefused,
  agentDelistingCheck,
  agentGoogleExport,
  agentCdnTasks,
  agentCdnTaskFiled,
  agentCounterNotice,
]);
