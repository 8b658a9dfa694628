import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, securityHeaders } from './security.ts';

describe('security headers', () => {
  it('sends HSTS on pages and API answers alike when the site is served over https, and not over http', () => {
    const https = { publicUrl: 'https://lumen.example', analytics: null };
    expect(securityHeaders(https)['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(apiSecurityHeaders(securityHeaders(https))['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const http = { publicUrl: 'http://localhost:3000', analytics: null };
    expect(securityHeaders(http)['strict-transport-security']).toBeUndefined();
    expect(apiSecurityHeaders(securityHeaders(http))['strict-transport-security']).toBeUndefined();
  });

  it("names in the API's set only headers the page set also names, so a page under the API can replace it whole", () => {
    const config = { publicUrl: 'https://lumen.example', analytics: null };
    const pageNames = Object.keys(securityHeaders(config));
    for (const name of Object.keys(apiSecurityHeaders(securityHeaders(config)))) expect(pageNames).toContain(name);
  });
});
