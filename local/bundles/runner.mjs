/**
 * The child process of `VIGIL_HANDLERS=bundles`: a stand-in for one Lambda execution environment. The
 * parent (local/bundles/pool.ts) forks it with the bundle's folder (a copy outside the repository) as cwd,
 * `node runner.mjs <bundle file> <handler export>`; it imports the bundle, as Lambda's runtime does at a cold
 * start, and answers invocations over the IPC channel:
 *
 *   parent -> child  {type: 'invoke', id, payload, deadline}   (payload: the API Gateway v2 event or task input)
 *   child -> parent  {type: 'ready'} | {type: 'init-error', error}
 *                    {type: 'result', id, ok: true, value} | {type: 'result', id, ok: false, error: {name, message, stack}}
 *
 * Lambda resolves bare imports of ES modules from the layers' `/opt/nodejs/node_modules` (NODE_PATH), which
 * Node's own ESM loader never does; the resolve hook below does the same for the folders given in NODE_PATH
 * (each layer's), with Node's ESM resolution (the packages' `import` exports, as an ES module import gets them),
 * and only for what the bundle itself cannot find (sharp, pdfmake and fontkit, which the bundles keep external).
 *
 * Plain JavaScript with no imports outside Node: it runs from the copy, where nothing else resolves.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const HOOKS = `
import { delimiter } from 'node:path';
import { pathToFileURL } from 'node:url';
const layers = (process.env.NODE_PATH ?? '').split(delimiter).filter(Boolean).map((dir) => pathToFileURL(dir + '/').href);
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' || /^(\\.|\\/|node:|file:|data:)/.test(specifier)) throw err;
    for (const parentURL of layers) {
      try { return await next(specifier, { ...context, parentURL }); } catch { /* not in this layer */ }
    }
    throw err;
  }
}
`;

const [bundleFile, exportName = 'handler'] = process.argv.slice(2);
const send = (message) => process.send?.(message);
const describe = (err) =>
  err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { name: 'Error', message: String(err) };

function lambdaContext(requestId, deadline) {
  const name = process.env.VIGIL_FUNCTION_NAME ?? 'vigil';
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:function:${name}`,
    memoryLimitInMB: process.env.VIGIL_FUNCTION_MEMORY ?? '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function main() {
  if (process.env.NODE_PATH) register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, pathToFileURL('./'));
  // Without an IPC channel (bench:lambda's cold-init measurement): import the bundle, as a cold start does, and exit.
  if (!process.send) {
    await import(pathToFileURL(bundleFile).href);
    process.exit(0);
  }
  let handler;
  try {
    const mod = await import(pathToFileURL(bundleFile).href);
    handler = mod[exportName];
    if (typeof handler !== 'function') throw new Error(`${bundleFile} exports no function "${exportName}"`);
  } catch (err) {
    send({ type: 'init-error', error: describe(err) });
    process.exitCode = 1;
    process.disconnect?.();
    return;
  }
  process.on('message', async (message) => {
    if (message?.type !== 'invoke') return;
    const { id, payload, deadline } = message;
    try {
      const value = await handler(payload, lambdaContext(id, deadline));
      send({ type: 'result', id, ok: true, value: value === undefined ? null : value });
    } catch (err) {
      send({ type: 'result', id, ok: false, error: describe(err) });
    }
  });
  // The parent going away ends the environment.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

void main();
