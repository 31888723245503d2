import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { recordRequest } from '../../services/metrics/requests';

/**
 * The request metrics of the areas' chain: one `recordRequest` per request with its route, status and time.
 * Timings and counts go to metrics only (no table write); recording never fails the request. The handler
 * answers every error with a reply, so `after` sees every request.
 */
export function requestMetrics(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  const started = new WeakMap<object, number>();
  return {
    name: 'requestMetrics',
    before: (request) => {
      started.set(request, performance.now());
    },
    after: (request) => {
      const ms = performance.now() - (started.get(request) ?? performance.now());
      recordRequest(request.event.routeKey, request.response?.statusCode ?? 200, ms);
    },
  };
}
