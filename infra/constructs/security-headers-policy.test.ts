import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../shared/security-headers';
import { securityHeadersBehavior } from './security-headers-policy';

describe('securityHeadersBehavior', () => {
  it('maps every shared security header to CloudFront, overriding the origin', () => {
    const { securityHeadersBehavior: s, customHeadersBehavior } = securityHeadersBehavior();
    expect(s.contentSecurityPolicy).toEqual({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true });
    expect(s.contentTypeOptions).toEqual({ override: true });
    expect(s.frameOptions).toEqual({ frameOption: cloudfront.HeadersFrameOption.DENY, override: true });
    expect(s.referrerPolicy?.referrerPolicy).toBe(SECURITY_HEADERS['referrer-policy']);
    expect(s.strictTransportSecurity).toMatchObject({ includeSubdomains: true, preload: false, override: true });
    expect(s.strictTransportSecurity?.accessControlMaxAge.toSeconds()).toBe(
      Number(/max-age=(\d+)/.exec(SECURITY_HEADERS['strict-transport-security'])![1]),
    );

    // Whatever has no typed slot travels as a custom header: nothing of the shared definition is dropped.
    const typed = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security'];
    const rest = Object.keys(SECURITY_HEADERS).filter((h) => !typed.includes(h));
    expect(customHeadersBehavior?.customHeaders.map((h) => h.header).sort()).toEqual(rest.sort());
    for (const h of customHeadersBehavior?.customHeaders ?? []) expect(h.value).toBe(SECURITY_HEADERS[h.header]);
  });

  it('refuses values CloudFront cannot send, instead of silently differing from the local runtime', () => {
    expect(() => securityHeadersBehavior({ 'x-frame-options': 'ALLOW-FROM https://a.example' })).toThrow(/x-frame-options/);
    expect(() => securityHeadersBehavior({ 'referrer-policy': 'unsafe-url-ish' })).toThrow(/referrer-policy/);
    expect(() => securityHeadersBehavior({ 'strict-transport-security': 'includeSubDomains' })).toThrow(/max-age/);
  });
});
