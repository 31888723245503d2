import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { parseCookies } from '../../lib/request-guard';
import { findSession, type Caller } from '../../services/sessions';

/** Each request's lookup, by its event (a per-request object, unlike a context a caller might reuse). */
const lookups = new WeakMap<APIGatewayProxyEventV2, () => Promise<Caller | undefined>>();

/**
 * The session lookup of the areas' chain: gives each request a lookup of the caller behind its cookie that runs
 * once, when the handler asks (`callerOf`). The handler asks after the CSRF check and the route match, so a
 * refused or unknown request reads no session, and a lookup that fails is answered like any other error.
 */
export function sessionLookup(): middy.MiddlewareObj<APIGatewayProxyEventV2> {
  return {
    name: 'sessionLookup',
    before: (request) => {
      let found: Promise<Caller | undefined> | undefined;
      lookups.set(request.event, () => (found ??= findSession(parseCookies(request.event))));
    },
  };
}

/** The caller of the request, if it has a live session (read once per request). */
export function callerOf(event: APIGatewayProxyEventV2): Promise<Caller | undefined> {
  const lookup = lookups.get(event);
  if (!lookup) throw new Error('the areas chain has no session lookup (sessionLookup middleware)');
  return lookup();
}
