/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) for the site's default behavior: a path without a
 * file extension is a client-side route, so it is served `/index.html`; assets keep their path and a missing
 * asset stays a real 404. Distribution-wide error responses (403/404 -> index.html) would also rewrite API
 * errors, which is why this is a function on the site behavior only. `/api` is excluded again in case the
 * function is ever attached more widely.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/api' || uri.indexOf('/api/') === 0) return request;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;
