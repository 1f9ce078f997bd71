import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEV_HEADERS, HEADER_POLICY, META_POLICY, PREVIEW_HEADERS } from '../scripts/content-security-policy.mjs';

// index.html keeps the policy as a <meta> for hosts that send no headers; the header npm start and
// the preview send (scripts/content-security-policy.mjs) must say the same, plus what only a header
// can carry. e2e/csp.spec.ts checks what the browser does with both.
const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const metaInHtml = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1];

describe('the Content-Security-Policy, stated once', () => {
  it("index.html's <meta> is the policy scripts/content-security-policy.mjs states", () => {
    expect(metaInHtml).toBe(META_POLICY);
  });

  it('the header is the <meta> policy plus frame-ancestors none, and it has no unsafe-eval', () => {
    expect(HEADER_POLICY).toBe(`${META_POLICY}; frame-ancestors 'none'`);
    expect(HEADER_POLICY).not.toContain("'unsafe-eval'");
    expect(PREVIEW_HEADERS['Content-Security-Policy']).toBe(HEADER_POLICY);
    expect(PREVIEW_HEADERS['X-Frame-Options']).toBe('DENY');
  });

  it('the dev server refuses to be framed too', () => {
    expect(DEV_HEADERS['Content-Security-Policy']).toBe("frame-ancestors 'none'");
    expect(DEV_HEADERS['X-Frame-Options']).toBe('DENY');
  });
});
