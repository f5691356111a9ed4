import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, routeKey } from '../../src/server/http/route-access';
import { CALLERS, buildWorld, MultipartBody, requestOf, snapshot, type Caller, type World } from './helpers/route-world';
import { useTestApp } from './helpers/test-app';
import { BORROWER } from './helpers/validation';

// Every route of the server, called by every kind of caller: the route table of the built app is
// the list, so a route added without an expectation here fails the first test. A refused caller
// gets exactly its refusal and changes nothing; an allowed one is never refused.

// The PWA build is a route too (GET /*): a stand-in build directory, so it is registered.
const staticDir = mkdtempSync(join(tmpdir(), 'sahyog-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Sahyog</title>');
const ctx = useTestApp({ config: { staticDir } });

/**
 * Who may call a route:
 * - public: anyone;
 * - signed-in: any live session of the Host's tenant;
 * - valid-role: an AGENT or a designation of DECISIONS.md (not an unknown one);
 * - staff: a designation that takes part in applications (not an AGENT);
 * - creator: the relationship officers;
 * - app-read / app-edit: one application's own officer and the tenant's reviewers;
 * - app-review: the reviewers only (the officer's PATCH waits for a PD1 review; DRAFT here);
 * - app-create: the application's own officer only (reviewers 403);
 * - branch-manager: the tenant's branch managers; partner-request, one partner request of theirs;
 * - partner-file: a partner's document, branch managers only.
 * Routes that name an object of the sahyog tenant tell every outsider (another tenant, another
 * officer) it does not exist: 404.
 */
type Rule =
  | 'public'
  | 'signed-in'
  | 'valid-role'
  | 'staff'
  | 'creator'
  | 'app-read'
  | 'app-edit'
  | 'app-review'
  | 'app-create'
  | 'branch-manager'
  | 'partner-request'
  | 'partner-file';
type Expectation = { rule: Rule; call: (w: World) => { url: string; body?: unknown } };

const API = '/api/v1/app/mfi';
const V = '/verification/v1';
const coBody = { type: 'GUARANTOR', name: 'Mohan Lal', phone: '9876543219', pan: 'DMLPL6643M', gender: 'MALE' };
const familyBody = { name: 'Sita Devi', relationship: 'Mother', gender: 'FEMALE', dob: '01-01-1960', age: 66 };

const EXPECTATIONS: Record<string, Expectation> = {
  'GET /api/health': { rule: 'public', call: () => ({ url: '/api/health' }) },
  'GET /api/public/tenant/hostname/:hostname/config': { rule: 'public', call: () => ({ url: '/api/public/tenant/hostname/sahyog/config' }) },
  'GET /api/public/tenant/hostname/:hostname/logo': { rule: 'public', call: () => ({ url: '/api/public/tenant/hostname/sahyog/logo' }) },
  'GET /manifest.webmanifest': { rule: 'public', call: () => ({ url: '/manifest.webmanifest' }) },
  'POST /api/v1/auth/send-otp': { rule: 'public', call: () => ({ url: '/api/v1/auth/send-otp', body: { mobile: '9000000003' } }) },
  'POST /api/v1/auth/resend-otp': { rule: 'public', call: () => ({ url: '/api/v1/auth/resend-otp', body: { session_id: 'a'.repeat(32) } }) },
  'POST /api/v1/auth/verify-otp': { rule: 'public', call: () => ({ url: '/api/v1/auth/verify-otp', body: { session_id: 'a'.repeat(32), otp: '123456' } }) },
  'GET /api/v1/pincode/get-city-state': { rule: 'public', call: () => ({ url: '/api/v1/pincode/get-city-state?pincode=422001' }) },
  'GET /api/v1/pincode/directory': { rule: 'public', call: () => ({ url: '/api/v1/pincode/directory' }) },
  'POST /api/v1/join-us/upload-file': { rule: 'public', call: () => ({ url: '/api/v1/join-us/upload-file', body: new MultipartBody('file', { file_type: 'PAN' }) }) },
  'POST /api/v1/join-us/request': { rule: 'public', call: () => ({ url: '/api/v1/join-us/request', body: { mobile: '9876500000' } }) },
  'GET /api/v1/join-us/track': { rule: 'public', call: () => ({ url: '/api/v1/join-us/track?tracker_id=9876543210' }) },
  'GET /api/v1/files/:id': { rule: 'public', call: (w) => ({ url: `/api/v1/files/${w.file}?expires=1&sig=x` }) },
  'GET /api/dev/sms': { rule: 'public', call: () => ({ url: '/api/dev/sms?mobile=9000000001' }) },
  'GET /*': { rule: 'public', call: () => ({ url: '/index.html' }) },

  'GET /api/v1/user/me': { rule: 'signed-in', call: () => ({ url: '/api/v1/user/me' }) },
  'PUT /api/v1/user/logout': { rule: 'signed-in', call: () => ({ url: '/api/v1/user/logout' }) },

  'GET /api/v1/app/mfi/count': { rule: 'valid-role', call: () => ({ url: `${API}/count` }) },
  'GET /api/v1/app/mfi/phone-number/:phone': { rule: 'app-read', call: () => ({ url: `${API}/phone-number/${BORROWER}` }) },
  'POST /api/v1/validation/mobile/otp/send': { rule: 'creator', call: () => ({ url: '/api/v1/validation/mobile/otp/send', body: { mobile: '9876512345' } }) },
  'POST /api/v1/validation/mobile/otp/resend': { rule: 'creator', call: () => ({ url: '/api/v1/validation/mobile/otp/resend', body: { session_id: 'a'.repeat(32) } }) },
  'POST /api/v1/validation/mobile/otp/verify': { rule: 'creator', call: () => ({ url: '/api/v1/validation/mobile/otp/verify', body: { session_id: 'a'.repeat(32), otp: '123456' } }) },
  'POST /api/dev/applications': { rule: 'creator', call: () => ({ url: '/api/dev/applications' }) },

  'GET /api/v1/app/mfi/:id': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}` }) },
  'GET /api/v1/app/mfi/:id/co-applicant': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/co-applicant` }) },
  'GET /api/v1/app/mfi/co-applicant/:coId': { rule: 'app-read', call: (w) => ({ url: `${API}/co-applicant/${w.coApplicant}` }) },
  'GET /api/v1/app/mfi/:id/family-member': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/family-member` }) },
  'GET /api/v1/app/mfi/family-member/:fid': { rule: 'app-read', call: (w) => ({ url: `${API}/family-member/${w.family}` }) },
  'GET /api/v1/app/mfi/:id/files': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/files` }) },
  'GET /api/v1/loan-application/presigned-url': { rule: 'app-read', call: (w) => ({ url: `/api/v1/loan-application/presigned-url?file_id=${w.file}` }) },

  'PATCH /api/v1/app/mfi/:id': { rule: 'app-review', call: (w) => ({ url: `${API}/${w.app}`, body: { remarks: 'checked' } }) },
  'PATCH /api/v1/app/mfi/:id/basic-info': { rule: 'app-edit', call: (w) => ({ url: `${API}/${w.app}/basic-info`, body: { mother_name: 'Sita Devi' } }) },
  'PATCH /api/v1/app/mfi/co-applicant/:coId': { rule: 'app-edit', call: (w) => ({ url: `${API}/co-applicant/${w.coApplicant}`, body: coBody }) },
  'PATCH /api/v1/app/mfi/family-member/:fid': { rule: 'app-edit', call: (w) => ({ url: `${API}/family-member/${w.family}`, body: familyBody }) },
  'POST /api/v1/apply-loan/upload-file': { rule: 'app-edit', call: (w) => ({ url: '/api/v1/apply-loan/upload-file', body: new MultipartBody('file', { application_id: w.app, file_type: 'PHOTO' }) }) },
  'POST /api/v1/apply-loan/bulk-upload': { rule: 'app-edit', call: (w) => ({ url: '/api/v1/apply-loan/bulk-upload', body: new MultipartBody('files', { application_id: w.app, file_type: 'BANK_STATEMENT' }) }) },
  'POST /verification/v1/request_aadhaar_otp': { rule: 'app-edit', call: (w) => ({ url: `${V}/request_aadhaar_otp`, body: { aadhaar: '234567890124', application_id: w.app } }) },
  'POST /verification/v1/submit_aadhaar_otp': { rule: 'app-edit', call: (w) => ({ url: `${V}/submit_aadhaar_otp`, body: { ref_id: 'a'.repeat(32), origin: 'GL', otp: '123456', application_id: w.app } }) },
  'POST /verification/v1/verify_pan_lite': { rule: 'app-edit', call: (w) => ({ url: `${V}/verify_pan_lite`, body: { pan: 'BDVPD4821K', application_id: w.app } }) },
  'POST /verification/v1/perfios/kyc/verify-voter-id': { rule: 'app-edit', call: (w) => ({ url: `${V}/perfios/kyc/verify-voter-id`, body: { voter_id: 'XKD1234566', reference: 'r', application_id: w.app } }) },
  'POST /verification/v1/name_matcher': {
    rule: 'app-edit',
    call: (w) => ({ url: `${V}/name_matcher`, body: { application_id: w.app, values: [{ value: 'A B', source: 'INPUT' }, { value: 'A B', source: 'PAN' }] } }),
  },

  'PUT /api/v1/app/mfi/:id': { rule: 'app-create', call: (w) => ({ url: `${API}/${w.app}`, body: { name: 'LAKSHMI DEVI' } }) },
  'POST /api/v1/app/mfi/:id/co-applicant': { rule: 'app-create', call: (w) => ({ url: `${API}/${w.app}/co-applicant`, body: coBody }) },
  'POST /api/v1/app/mfi/:id/co-applicant/replace': { rule: 'app-create', call: (w) => ({ url: `${API}/${w.app}/co-applicant/replace`, body: { ...coBody, id_to_replace: w.coApplicant } }) },
  'POST /api/v1/app/mfi/:id/co-applicant/:coId/hardcheck': { rule: 'app-create', call: (w) => ({ url: `${API}/${w.app}/co-applicant/${w.coApplicant}/hardcheck` }) },
  'POST /api/v1/app/mfi/:id/family-member': { rule: 'app-create', call: (w) => ({ url: `${API}/${w.app}/family-member`, body: familyBody }) },

  'GET /api/v1/join-us/requests': { rule: 'branch-manager', call: () => ({ url: '/api/v1/join-us/requests' }) },
  'GET /api/v1/join-us/requests/:id': { rule: 'partner-request', call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}` }) },
  'POST /api/v1/join-us/requests/:id/verify': { rule: 'partner-request', call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}/verify` }) },
  'POST /api/v1/join-us/requests/:id/approve': { rule: 'partner-request', call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}/approve` }) },
  'POST /api/v1/join-us/requests/:id/reject': { rule: 'partner-request', call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}/reject`, body: { reason: 'Documents unclear' } }) },
};

/** The signed link of a partner document, asked by file id like any other file. */
const PARTNER_FILE: Expectation = { rule: 'partner-file', call: (w) => ({ url: `/api/v1/loan-application/presigned-url?file_id=${w.joinUsFile}` }) };

type Answer = 'allowed' | 'not-applicable' | 401 | 403 | 404;

const OBJECT_RULES: readonly Rule[] = ['app-read', 'app-edit', 'app-review', 'app-create', 'partner-request', 'partner-file'];
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
  return 'allowed';
}

/** The caller kinds that make a difference for a rule, refused ones first so nothing they try lands. */
const order = (rule: Rule) => [...CALLERS].sort((a, b) => Number(expected(rule, a) === 'allowed') - Number(expected(rule, b) === 'allowed'));

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
    for (const route of ctx.app.routeTable) expect(route.public, routeKey(route.method, route.url)).toBe(EXPECTATIONS[routeKey(route.method, route.url)]!.rule === 'public');
  });

  it.each(Object.entries(EXPECTATIONS).filter(([, e]) => e.rule !== 'public'))('%s', async (key, expectation) => {
    await checkRoute(key, expectation);
  });

  it('a partner document’s signed link: branch managers only', async () => {
    await checkRoute('GET /api/v1/loan-application/presigned-url', PARTNER_FILE);
  });

  it('totals (printed for the note): wrongly allowed 0, right callers refused 0', () => {
    console.log(`route-access: ${tally.checked} route × caller checks, wrongly allowed ${tally.wronglyAllowed.length}, right callers refused ${tally.rightRefused.length}`);
    expect(tally.wronglyAllowed).toEqual([]);
    expect(tally.rightRefused).toEqual([]);
  });
});
