import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImports, rel, ROOT, type Edge } from './source-imports';

// The import rules of ../shared/ARCHITECTURE.md, read off the source: a broken rule names the
// file and the import.

const { files, edges } = readImports(['src', 'sw']);

const IO_PACKAGES =
  /^(node:|fs$|path$|crypto$|dexie|dexie-react-hooks|pg$|@electric-sql|drizzle-orm|fastify|@fastify|axios|react|react-dom|workbox)/;
const show = (e: Edge) => `${e.from} → ${e.specifier}`;
const featureOf = (path: string) => /^src\/app\/features\/([^/]+)\//.exec(path)?.[1];

const OPENS_THE_DATABASE_OUTSIDE_DB_AND_SYNC = ['sw/outbox-sync.ts'];

describe('import boundaries (ARCHITECTURE.md)', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.some((e) => e.from === 'src/server/app.ts' && e.to === 'src/server/config.ts')).toBe(true);
  });

  it('the domain imports nothing of the app, the server or any I/O', () => {
    const bad = edges.filter(
      (e) => e.from.startsWith('src/domain/') && (IO_PACKAGES.test(e.specifier) || (e.to !== null && !e.to.startsWith('src/domain/'))),
    );
    expect(bad.map(show)).toEqual([]);
  });

  it('the app and the server never import each other', () => {
    const bad = edges.filter(
      (e) =>
        e.to !== null &&
        ((e.from.startsWith('src/app/') && e.to.startsWith('src/server/')) ||
          (e.from.startsWith('src/server/') && e.to.startsWith('src/app/'))),
    );
    expect(bad.map(show)).toEqual([]);
  });

  it('no feature imports another feature', () => {
    const bad = edges.filter((e) => e.to !== null && featureOf(e.from) && featureOf(e.to) && featureOf(e.from) !== featureOf(e.to));
    expect(bad.map(show)).toEqual([]);
  });

  it('only the device database (src/app/db) and the sync engine (src/app/sync) touch Dexie and the database module', () => {
    const inside = (path: string) => path.startsWith('src/app/db/') || path.startsWith('src/app/sync/');
    const bad = edges.filter((e) => !inside(e.from) && (/^dexie/.test(e.specifier) || e.to === 'src/app/db/db.ts'));
    expect(bad.filter((e) => /^dexie/.test(e.specifier)).map(show)).toEqual([]);
    // The service worker is the one other user: it builds the sync engine, which takes the
    // database as an argument (so its tests inject one). No other file may open it.
    expect(bad.map((e) => e.from).sort()).toEqual(OPENS_THE_DATABASE_OUTSIDE_DB_AND_SYNC);
  });

  it('only the server’s db/ and its modules reach the server database client and drizzle', () => {
    const bad = edges.filter(
      (e) =>
        !e.from.startsWith('src/server/') &&
        (/^drizzle-orm|^pg$|^@electric-sql/.test(e.specifier) || (e.to ?? '').startsWith('src/server/db/')),
    );
    expect(bad.map(show)).toEqual([]);
  });

  it('only the API client imports axios (one instance per API base); the service worker never does', () => {
    const users = edges.filter((e) => /^axios(\/|$)/.test(e.specifier));
    expect(users.map((e) => e.from)).toEqual(['src/app/api/http-client.ts']);
  });

  const moduleOf = (path: string) => /^src\/server\/modules\/([^/]+)\//.exec(path)?.[1];

  it('the server’s kernels (src/server/kernels) import no module: modules build on them, not on each other', () => {
    const bad = edges.filter((e) => e.from.startsWith('src/server/kernels/') && moduleOf(e.to ?? ''));
    expect(bad.map(show)).toEqual([]);
  });

  it('no two server modules import each other', () => {
    const links = new Set(
      edges
        .filter((e) => e.to && moduleOf(e.from) && moduleOf(e.to) && moduleOf(e.from) !== moduleOf(e.to))
        .map((e) => `${moduleOf(e.from)} → ${moduleOf(e.to!)}`),
    );
    const mutual = [...links].filter((link) => links.has(link.split(' → ').reverse().join(' → ')));
    expect(mutual).toEqual([]);
  });

  it('a route file maps HTTP to a service: it writes no query (no drizzle-orm, no database client, no table of the schema; row types are fine)', () => {
    const routeFiles = files.map(rel).filter((path) => /^src\/server\/modules\/[^/]+\/[^/]+\.routes\.ts$/.test(path));
    expect(routeFiles.length).toBeGreaterThan(10);
    const bad = routeFiles.flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .filter((line) => /^import (?!type )/.test(line) && /from '(drizzle-orm|[./]+db\/(client|schema))'/.test(line))
        .map((line) => `${path}: ${line}`),
    );
    expect(bad).toEqual([]);
  });

  it('has no import circle (type-only imports included)', () => {
    const graph = new Map<string, string[]>();
    for (const e of edges) if (e.to) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, 'open');
      stack.push(node);
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, 'done');
    };
    for (const node of graph.keys()) if (!state.has(node)) visit(node);
    expect(cycles).toEqual([]);
  });
});
