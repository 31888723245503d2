import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { SECURITY_HEADERS } from '../../shared/security-headers';

/**
 * Translates shared/security-headers.ts into CloudFront's response-headers-policy shape. CloudFront has typed
 * slots for the classic security headers and refuses them as custom headers, so each known header goes to
 * its slot and the rest (permissions-policy, ...) become custom headers. Every value is overridden so the
 * API's own headers cannot weaken them. Throws on a value CloudFront cannot express, so the two sides of
 * the one definition never silently differ.
 */
export function securityHeadersBehavior(headers: Readonly<Record<string, string>> = SECURITY_HEADERS): {
  securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior;
  customHeadersBehavior?: cloudfront.ResponseCustomHeadersBehavior;
} {
  const security: {
    -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K];
  } = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];

  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    switch (name) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'x-content-type-options':
        if (value.toLowerCase() !== 'nosniff') throw new Error(`x-content-type-options must be nosniff, got ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const option = value.toUpperCase();
        if (option !== 'DENY' && option !== 'SAMEORIGIN') throw new Error(`unsupported x-frame-options ${value}`);
        security.frameOptions = { frameOption: option as cloudfront.HeadersFrameOption, override: true };
        break;
      }
      case 'referrer-policy': {
        const policy = Object.values(cloudfront.HeadersReferrerPolicy).find((p) => p === value.toLowerCase());
        if (!policy) throw new Error(`unsupported referrer-policy ${value}`);
        security.referrerPolicy = { referrerPolicy: policy, override: true };
        break;
      }
      case 'strict-transport-security': {
        const maxAge = /max-age=(\d+)/i.exec(value);
        if (!maxAge) throw new Error(`strict-transport-security needs max-age, got ${value}`);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(maxAge[1])),
          includeSubdomains: /includesubdomains/i.test(value),
          preload: /preload/i.test(value),
          override: true,
        };
        break;
      }
      case 'x-xss-protection':
        throw new Error('x-xss-protection is not supported here; use the CSP');
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    customHeadersBehavior: custom.length ? { customHeaders: custom } : undefined,
  };
}

/** A response headers policy carrying Vigil's security headers (the same ones the local runtime sends). */
export function securityHeadersPolicy(scope: Construct, id: string): cloudfront.ResponseHeadersPolicy {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: 'Vigil security headers (shared/security-headers.ts)',
    ...securityHeadersBehavior(),
  });
}
