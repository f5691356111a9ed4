import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, routeKey } from '../../src/server/http/route-access';
import {
  ALLOWED_CONFLICTS,
  EXPECTATIONS,
  PARTNER_FILE,
  STATE_EXPECTATIONS,
  type Expectation,
  type Rule,
} from './helpers/route-expectations';
import { CALLERS, buildWorld, putInState, requestOf, snapshot, STATES, type Caller, type State } from './helpers/route-world';
import { useTestApp } from './helpers/test-app';

// Every route of the server, called by every kind of caller, and every route of an application in
// every state of it (put straight in the database): the route table of the built app is the list,
// so a route added without an expectation here fails the first tests. A refused caller gets
// exactly its refusal and changes nothing; an allowed one is never refused. The expectations are
// written by hand (helpers/route-expectations.ts), not read from the access policy under test.

// The PWA build is a route too (GET /*): a stand-in build directory, so it is registered.
const staticDir = mkdtempSync(join(tmpdir(), 'sahyog-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Sahyog</title>');
const ctx = useTestApp({ config: { staticDir } });

type Answer = 'allowed' | 'not-applicable' | 401 | 403 | 404 | 409;

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
/** The rules of routes that read or change one application: walked in every state of it. */
const APPLICATION_RULES: readonly Rule[] = ['app-read', 'app-edit', 'app-review', 'app-create', 'app-officer-bcm', 'app-bm', 'app-bcm'];
const STATE_CALLERS = ['owner', 'bcm', 'bm'] as const;

/** What each caller must get under a rule. */
function expected(rule: Rule, caller: Caller): Answer {
  if (rule === 'public') return 'allowed';
  if (caller === 'anonymous' || caller === 'crossToken') return 401;
  const foreign = caller === 'foreign' || caller === 'foreignManager';
  // Another tenant's users on their own host: refused like anyone there where the route names
  // one of our objects; elsewhere they act in their own tenant, which this table does not judge.
  if (foreign && !OBJECT_RULES.includes(rule)) return 'not-applicable';
  switch (rule) {
    case 'guest-only':
    case 'lost-device':
      return 403;
    case 'signed-in':
      return 'allowed';
    case 'valid-role':
      return caller === 'noDesignation' ? 403 : 'allowed';
    case 'branch-manager':
      return caller === 'bm' ? 'allowed' : 403;
    case 'managers':
      return REVIEWERS.includes(caller) ? 'allowed' : 403;
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

/** What a caller gets from a route in a state of the world's application (undefined: a route of no application). */
function expectedIn(key: string, rule: Rule, caller: Caller, state: State | undefined): Answer {
  const want = expected(rule, caller);
  if (want !== 'allowed' || state === undefined) return want;
  const byState = STATE_EXPECTATIONS[key]?.[caller as (typeof STATE_CALLERS)[number]];
  if (!byState) throw new Error(`${key}: no expectation by state for ${caller}`);
  return byState[state];
}

/** The caller kinds that make a difference for a rule, refused ones first so nothing they try lands. */
const order = (want: (caller: Caller) => Answer) =>
  [...CALLERS].sort((a, b) => Number(want(a) === 'allowed') - Number(want(b) === 'allowed'));

const tally = { checked: 0, wronglyAllowed: [] as string[], rightRefused: [] as string[] };

const messageOf = (body: string): string => {
  try {
    return String((JSON.parse(body) as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
};

/** A refusal of a caller; for a route of an application, a 409 is one too unless the world explains it (ALLOWED_CONFLICTS). */
const isRefusal = (key: string, state: State | undefined, status: number, message: string) =>
  [401, 403, 404].includes(status) || status >= 500 || (state !== undefined && status === 409 && !ALLOWED_CONFLICTS[key]?.test(message));

async function checkRoute(key: string, expectation: Expectation) {
  const world = await buildWorld(ctx.app, ctx.db);
  const [method, path] = key.split(' ') as [string, string];
  const states = APPLICATION_RULES.includes(expectation.rule) ? STATES : [undefined];
  for (const state of states) {
    if (state) await putInState(ctx.db, world, state);
    const { url, body } = expectation.call(world);
    const before = await snapshot(ctx.db);
    const want = (caller: Caller) => expectedIn(key, expectation.rule, caller, state);
    let refusedAll = true;
    for (const caller of order(want)) {
      const answer = want(caller);
      if (answer === 'not-applicable') continue;
      if (answer === 'allowed' && refusedAll) {
        refusedAll = false;
        expect(await snapshot(ctx.db), `${key} in ${state}: a refused caller changed something`).toBe(before);
      }
      const res = await ctx.app.inject(requestOf(world, caller, method, url, body));
      tally.checked++;
      const message = messageOf(res.body);
      const label = `${key} as ${caller}${state ? ` in ${state}` : ''}: ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (answer === 'allowed') {
        if (isRefusal(key, state, res.statusCode, message)) tally.rightRefused.push(label);
        expect(isRefusal(key, state, res.statusCode, message), label).toBe(false);
      } else {
        if (res.statusCode !== answer) tally.wronglyAllowed.push(label);
        expect(res.statusCode, label).toBe(answer);
      }
    }
    if (refusedAll) expect(await snapshot(ctx.db), `${key} in ${state}: a refused caller changed something`).toBe(before);
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

  it('every route of an application has its expectation in every state, for every caller its rule lets through', () => {
    const applicationRoutes = Object.entries(EXPECTATIONS).filter(([, e]) => APPLICATION_RULES.includes(e.rule));
    expect(Object.keys(STATE_EXPECTATIONS).sort()).toEqual(applicationRoutes.map(([key]) => key).sort());
    for (const [key, e] of applicationRoutes) {
      for (const caller of STATE_CALLERS) {
        const table = STATE_EXPECTATIONS[key]![caller];
        if (expected(e.rule, caller) === 'allowed')
          expect(table && Object.keys(table).sort(), `${key} ${caller}`).toEqual([...STATES].sort());
        else expect(table, `${key} ${caller}: the rule refuses them in every state`).toBeUndefined();
      }
    }
  });

  it.each(Object.entries(EXPECTATIONS).filter(([, e]) => e.rule !== 'public'))('%s', async (key, expectation) => {
    await checkRoute(key, expectation);
  });

  it('a partner document’s signed link: branch managers only', async () => {
    await checkRoute('GET /api/v1/loan-application/presigned-url', PARTNER_FILE);
  });

  it('totals (printed for the note): wrongly allowed 0, right callers refused 0', () => {
    console.log(
      `route-access: ${tally.checked} route × caller × state checks, wrongly allowed ${tally.wronglyAllowed.length}, right callers refused ${tally.rightRefused.length}`,
    );
    expect(tally.wronglyAllowed).toEqual([]);
    expect(tally.rightRefused).toEqual([]);
  });
});
