import { SPA_REWRITE_FUNCTION_CODE } from './spa-rewrite';

// The function is plain ES5-style JavaScript, as CloudFront runs it; evaluate it here to check its routing.
const handler = new Function(`${SPA_REWRITE_FUNCTION_CODE}; return handler;`)() as (event: unknown) => { uri: string };
const rewrite = (uri: string) => handler({ request: { uri, method: 'GET', headers: {} } }).uri;

describe('SPA rewrite CloudFront Function', () => {
  it('serves index.html for client-side routes', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/search/01HZX3K7Q2')).toBe('/index.html');
    expect(rewrite('/admin/users/')).toBe('/index.html');
  });

  it('leaves assets alone, so a missing asset stays a 404', () => {
    expect(rewrite('/assets/index-4f2a.js')).toBe('/assets/index-4f2a.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    expect(rewrite('/index.html')).toBe('/index.html');
  });

  it('never rewrites API paths', () => {
    expect(rewrite('/api/health')).toBe('/api/health');
    expect(rewrite('/api/user/me/stats')).toBe('/api/user/me/stats');
    expect(rewrite('/api')).toBe('/api');
  });
});
