import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, routeKey } from '../../src/server/http/route-access';
import { EXPECTATIONS, PARTNER_FILE, type Expectation, type Rule } from './helpers/route-expectations';
import { CALLERS, buildWorld, requestOf, snapshot, type Caller } from './helpers/route-world';
import { useTestApp } from './helpers/test-app';

// Every route of the server, called by every kind of caller: the route table of the built app is
// the list, so a route added without an expectation here fails the first test. A refused caller
// gets exactly its refusal and changes nothing; an allowed one is never refused.

// The PWA build is a route too (GET /*): a stand-in build directory, so it is registered.
const staticDir = mkdtempSync(join(tmpdir(), 'sahyog-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Sahyog</title>');
const ctx = useTestApp({ config: { staticDir } });

type Answer = 'allowed' | 'not-applicable' | 401 | 403 | 404;

const OBJECT_RULES: readonly Rule[] = [
  'app-read',
  'app-edit',
  'app-review',
  'app-create',
  'app-officer-bcm',
  'app-bm',
  'app-bcm',
  'partner-request',
  'partner-file',
];
const REVIEWERS: readonly Caller[] = ['bcm', 'bm'];

/** What each caller must get under a rule. */
function expected(rule: Rule, caller: Caller): Answer {
  if (rule === 'public') return 'allowed';
  if (caller === 'anonymous' || caller === 'crossToken') return 401;
  const foreign = caller === 'foreign' || caller === 'foreignManager';
  // Another tenant's users on their own host: refused like anyone there where the route names
  // one of our objects; elsewhere they act in their own tenant, which this table does not judge.
  if (foreign && !OBJECT_RULES.includes(rule)) return 'not-applicable';
  switch (rule) {
    case 'signed-in':
      return 'allowed';
    case 'valid-role':
      return caller === 'noDesignation' ? 403 : 'allowed';
    case 'branch-manager':
      return caller === 'bm' ? 'allowed' : 403;
    case 'partner-request':
      return caller === 'bm' ? 'allowed' : caller === 'foreignManager' ? 404 : 403;
    case 'partner-file':
      return caller === 'bm' ? 'allowed' : caller === 'agent' || caller === 'noDesignation' ? 403 : 404;
  }
  if (caller === 'agent' || caller === 'noDesignation') return 403;
  if (rule === 'staff') return 'allowed';
  if (rule === 'creator') return caller === 'owner' || caller === 'otherOfficer' ? 'allowed' : 403;
  if (foreign || caller === 'otherOfficer') return 404;
  if (rule === 'app-create') return caller === 'owner' ? 'allowed' : 403;
  if (rule === 'app-review') return REVIEWERS.includes(caller) ? 'allowed' : 403;
  if (rule === 'app-officer-bcm') return caller === 'owner' || caller === 'bcm' ? 'allowed' : 403;
  if (rule === 'app-bm') return caller === 'bm' ? 'allowed' : 403;
  if (rule === 'app-bcm') return caller === 'bcm' ? 'allowed' : 403;
  return 'allowed';
}

/** The caller kinds that make a difference for a rule, refused ones first so nothing they try lands. */
const order = (rule: Rule) =>
  [...CALLERS].sort((a, b) => Number(expected(rule, a) === 'allowed') - Number(expected(rule, b) === 'allowed'));

const tally = { checked: 0, wronglyAllowed: [] as string[], rightRefused: [] as string[] };

async function checkRoute(key: string, expectation: Expectation) {
  const world = await buildWorld(ctx.app, ctx.db);
  const [method, path] = key.split(' ') as [string, string];
  const { url, body } = expectation.call(world);
  const before = await snapshot(ctx.db);
  let refusedAll = true;
  for (const caller of order(expectation.rule)) {
    const want = expected(expectation.rule, caller);
    if (want === 'not-applicable') continue;
    if (want === 'allowed' && refusedAll) {
      refusedAll = false;
      expect(await snapshot(ctx.db), `${key}: a refused caller changed something`).toBe(before);
    }
    const res = await ctx.app.inject(requestOf(world, caller, method, url, body));
    tally.checked++;
    const label = `${key} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`;
    if (want === 'allowed') {
      if ([401, 403, 404].includes(res.statusCode) || res.statusCode >= 500) tally.rightRefused.push(label);
      expect(res.statusCode, label).toBeLessThan(500);
      expect([401, 403, 404], label).not.toContain(res.statusCode);
    } else {
      if (res.statusCode !== want) tally.wronglyAllowed.push(label);
      expect(res.statusCode, label).toBe(want);
    }
  }
  expect(path).toBeTruthy();
}

describe('authorisation of every route', () => {
  it('every route of the server has an expectation here, and every public name matches a route', () => {
    const keys = ctx.app.routeTable.map((r) => routeKey(r.method, r.url)).sort();
    expect(keys).toEqual(Object.keys(EXPECTATIONS).sort());
    for (const name of PUBLIC_ROUTES) expect(keys, name).toContain(name);
    for (const route of ctx.app.routeTable)
      expect(route.public, routeKey(route.method, route.url)).toBe(EXPECTATIONS[routeKey(route.method, route.url)]!.rule === 'public');
  });

  it.each(Object.entries(EXPECTATIONS).filter(([, e]) => e.rule !== 'public'))('%s', async (key, expectation) => {
    await checkRoute(key, expectation);
  });

  it('a partner document’s signed link: branch managers only', async () => {
    await checkRoute('GET /api/v1/loan-application/presigned-url', PARTNER_FILE);
  });

  it('totals (printed for the note): wrongly allowed 0, right callers refused 0', () => {
    console.log(
      `route-access: ${tally.checked} route × caller checks, wrongly allowed ${tally.wronglyAllowed.length}, right callers refused ${tally.rightRefused.length}`,
    );
    expect(tally.wronglyAllowed).toEqual([]);
    expect(tally.rightRefused).toEqual([]);
  });
});
