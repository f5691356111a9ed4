import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 20: every direct call goes through the axios clients (src/app/api), every queued one
// through the outbox's transport, so the headers, the deadline, the 401 rule and the error
// shape hold everywhere. A file that calls fetch or XMLHttpRequest itself would skip them.

const ROOT = resolve(__dirname, '../../..');
const SOURCES = ['src/app', 'sw'];

/** Where fetch stays, and why (docs/stack.md "Changes to the chosen stack"). */
const MAY_CALL_FETCH: Record<string, string> = {
  'src/app/sync/transport.ts': 'the outbox transport: it runs in the service worker too, which has no XMLHttpRequest for axios',
  'sw/cache-strategies.ts': "the service worker's caching: it answers fetch events with Responses and stores them",
  'sw/sw.ts': 'the service worker warms its caches at install with Responses',
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/^\s*\/\/.*$/gm, '');

/** The browser's own HTTP calls in `source`: a call of the global fetch, or XMLHttpRequest at all. */
export function networkCallsIn(source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w$.])fetch\s*\(|\b(?:globalThis|self|window)\s*\.\s*fetch\b|\bXMLHttpRequest\b/g)) found.push(m[0]);
  return found;
}

const files = SOURCES.flatMap((dir) => walk(join(ROOT, dir))).map((path) => relative(ROOT, path).split('\\').join('/'));

describe('HTTP only through the API clients and the outbox transport', () => {
  it('recognises a call of fetch or XMLHttpRequest, and not a method or a name that merely contains it', () => {
    expect(networkCallsIn('const r = await fetch(`${base}/x`);')).toHaveLength(1);
    expect(networkCallsIn('window.fetch.bind(window)')).toHaveLength(1);
    expect(networkCallsIn('const xhr = new XMLHttpRequest();')).toHaveLength(1);
    expect(networkCallsIn('await load(); refetch(); cache.fetch(); type F = typeof fetch; // fetch(x)')).toEqual([]);
  });

  it('reads the sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/app/api/http-client.ts');
    for (const allowed of Object.keys(MAY_CALL_FETCH)) expect(files).toContain(allowed);
  });

  it('no file of the app or the service worker calls fetch or XMLHttpRequest outside the outbox transport and the worker’s caching', () => {
    const bad = files
      .filter((file) => !(file in MAY_CALL_FETCH))
      .flatMap((file) => networkCallsIn(readFileSync(join(ROOT, file), 'utf8')).map((call) => `${file}: ${call}`));
    expect(bad).toEqual([]);
  });

  it('the outbox transport and the service worker never use XMLHttpRequest either', () => {
    const bad = Object.keys(MAY_CALL_FETCH).filter((file) =>
      /\bXMLHttpRequest\b/.test(withoutComments(readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(bad).toEqual([]);
  });
});
