import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 38 item 4: a URL is written once, in the route table (src/domain/routes). The server's
// route plugins register each route from its entry (`tableRoute`), the app's API clients and the
// outbox's planners fill its path (`pathOf`, `queuedPathOf`). A file that writes a path of its
// own fails here, unless its area is named below as not yet moved.

const ROOT = resolve(__dirname, '../../..');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/^\s*\/\/.*$/gm, '');

/**
 * The URLs `source` writes itself: a string starting with /api/ or /v1/ (or /verification/,
 * /banking/), a queued call's `url:` or, in a route plugin, a route registered by its own path.
 */
export function ownUrlsIn(source: string, routePlugin = false): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  for (const m of text.matchAll(/['"`]\/(?:api|v1|verification|banking)(?:\/[^'"`]*)?['"`]?/g)) found.push(m[0]);
  for (const m of text.matchAll(/\burl:\s*['"`][^'"`]*['"`]?/g)) found.push(m[0]);
  if (routePlugin)
    for (const m of text.matchAll(/\b\w+\.(?:get|post|put|patch|delete)(?:<[^>]*>)?\(\s*['"`][^'"`]*['"`]?/g)) found.push(m[0]);
  return found;
}

const isRouteFile = (file: string) =>
  (file.startsWith('src/server/modules/') && file.endsWith('.routes.ts')) ||
  (file.startsWith('src/app/') && file.endsWith('.api.ts')) ||
  file.startsWith('src/app/features/');

/** The files of the areas not yet moved to the table, with what is left; the list may only shrink. */
const NOT_YET_MOVED: Record<string, string> = {};

describe('a URL is written once, in the route table', () => {
  const files = [...walk(join(ROOT, 'src/server/modules')), ...walk(join(ROOT, 'src/app'))]
    .map((path) => relative(ROOT, path).replaceAll('\\', '/'))
    .filter(isRouteFile);
  const writing = Object.fromEntries(
    files
      .map((file) => [file, ownUrlsIn(readFileSync(join(ROOT, file), 'utf8'), file.startsWith('src/server/'))] as const)
      .filter(([, urls]) => urls.length > 0),
  );

  it('no route plugin, API client or outbox planner writes a URL of its own outside the areas not yet moved', () => {
    expect(Object.fromEntries(Object.entries(writing).filter(([file]) => !(file in NOT_YET_MOVED)))).toEqual({});
  });

  it('an area moved leaves the list', () => {
    expect(Object.keys(NOT_YET_MOVED).filter((file) => !(file in writing))).toEqual([]);
  });

  it('finds a literal path, a route registered by its own path and a queued URL', () => {
    expect(ownUrlsIn("mainApi.get('/v1/app/mfi/count')")).toEqual(["'/v1/app/mfi/count'"]);
    expect(ownUrlsIn("app.get<ById>(\n  '/:id', handler)", true)).toEqual(["app.get<ById>(\n  '/:id'"]);
    expect(ownUrlsIn("params.get('id')")).toEqual([]);
    expect(ownUrlsIn("{ method: 'POST', url: '/v1/x/{app}' }")).toHaveLength(2);
    expect(ownUrlsIn('mainApi.get(pathOf(APPLICATION_ROUTES.read, { id }))')).toEqual([]);
  });
});
