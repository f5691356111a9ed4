import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOf } from './helpers/http';
import { useTestApp } from './helpers/test-app';

const dist = mkdtempSync(join(tmpdir(), 'sahyog-dist-'));
const ctx = useTestApp({ config: { staticDir: dist } });

beforeAll(() => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sahyog</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'STATIC FILE' }));
  // What scripts/precompress.mjs writes after a build.
  writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>Sahyog</title>'));
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js.br'), brotliCompressSync('console.log(1)'));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const fetch = (url: string, tenant?: string) => ctx.app.inject({ url, headers: { host: hostOf(tenant) } });

describe('the PWA build', () => {
  it('sends the precompressed copy when the browser accepts it, cached like the original', async () => {
    const index = await ctx.app.inject({ url: '/', headers: { host: hostOf(), 'accept-encoding': 'gzip' } });
    expect(index.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(index.rawPayload).toString()).toContain('<title>Sahyog</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const js = await ctx.app.inject({ url: '/assets/index-3f2a1b.js', headers: { host: hostOf(), 'accept-encoding': 'br, gzip' } });
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await fetch('/assets/index-3f2a1b.js')).body).toBe('console.log(1)');
  });

  it('serves index.html at / and sw.js, both revalidated', async () => {
    const index = await fetch('/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect((await fetch('/index.html')).headers['cache-control']).toBe('no-cache');
    const sw = await fetch('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await fetch('/assets/index-3f2a1b.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await fetch('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers the per-tenant manifest, not the static file', async () => {
    const res = await fetch('/manifest.webmanifest', 'catfin');
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json().name).toBe('CatFin');
  });

  it.each(['/missing.js', '/assets/nope.js', '/api/unknown', '/../package.json', '/assets/'])(
    'answers %s with the 404 envelope',
    async (url) => {
      const res = await fetch(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Route not found', status_code: 404 });
    },
  );

  it('without a build, / is the 404 envelope', async () => {
    const app = await ctx.rebuild({ config: { staticDir: join(dist, 'not-built') } });
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Route not found');
  });
});
