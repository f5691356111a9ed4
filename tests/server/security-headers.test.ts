import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostOf } from './helpers/http';
import { useTestApp } from './helpers/test-app';

const staticDir = mkdtempSync(join(tmpdir(), 'sahyog-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Sahyog</title>');
const ctx = useTestApp({ config: { staticDir } });

describe('security headers', () => {
  it.each(['/', '/index.html', '/api/health', '/api/v1/user/me', '/api/nowhere', '/manifest.webmanifest'])(
    '%s: CSP of this origin only, never framed, no Referer, no sniffing',
    async (path) => {
      const res = await ctx.app.inject({ method: 'GET', url: path, headers: { host: hostOf() } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});
