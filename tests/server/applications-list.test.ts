import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PD1_STAGES } from '../../src/domain/policy/review-workflow';
import { applications, users } from '../../src/server/db/schema';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { get } from './helpers/http';
import { HOUR, MINUTE, T0, useTestApp } from './helpers/test-app';
import { OTHER_RO } from './helpers/route-world';

// GET /api/v1/app/mfi (issue 13): scoped by tenant and role, what waits for the caller by default,
// filters, search by name, mobile or tracker id, pages; and the dashboard count from the same query.

const ctx = useTestApp();
const LIST = '/api/v1/app/mfi';

type Seed = {
  key: string;
  tenant?: string;
  by?: string;
  status?: string;
  stage?: string[];
  name?: string;
  phone?: string;
  resubmitted?: boolean;
};

async function userId(mobile: string, tenant = 'sahyog') {
  const [u] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)));
  return u!.id;
}

/** Rows as the steps leave them; `key` is the id's first hex digits (ids sort like keys), minutes after T0 the update time. */
async function seed(rows: Seed[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [i, r] of rows.entries()) {
    const tenant = r.tenant ?? 'sahyog';
    const id = r.key.padEnd(32, '0');
    ids[r.key] = id;
    const at = new Date(T0 + i * MINUTE);
    await ctx.db.insert(applications).values({
      tenant_id: tenant,
      id,
      created_by: await userId(r.by ?? RAVI, tenant),
      status: r.status ?? 'DRAFT',
      tracker_id: `${tenant.slice(0, 3).toUpperCase()}26010${String(1000 + i).padStart(5, '0')}`,
      phone: r.phone ?? `98765${String(10000 + i).slice(-5)}`,
      stage: r.stage ?? [],
      data: { ...(r.name ? { name: r.name } : {}), loan_type: 'MFI_BUSINESS_LOAN', amount_requested: 100000 },
      created_at: new Date(T0),
      updated_at: at,
      resubmitted_at: r.resubmitted ? at : null,
    });
  }
  return ids;
}

async function addOtherOfficer() {
  await ctx.db.insert(users).values({
    tenant_id: 'sahyog',
    mobile: OTHER_RO,
    first_name: 'Other',
    last_name: 'Officer',
    role: 'MFI_EMPLOYEE',
    mfi_employee: 'RELATIONSHIP_OFFICER',
  });
}

// One sign-in per caller and test (the OTP sends per mobile are limited).
let tokens = new Map<string, string>();
beforeEach(() => {
  tokens = new Map();
});
async function tokenOf(mobile: string, tenant?: string) {
  const key = `${tenant ?? 'sahyog'}:${mobile}`;
  if (!tokens.has(key)) tokens.set(key, await login(ctx.app, mobile, tenant));
  return tokens.get(key)!;
}
/** GET the list; a first page that is not full must have as many elements in total as it shows (the totals come from other tables). */
async function list(mobile: string, query = '', tenant?: string) {
  const res = await get(ctx.app, `${LIST}${query ? `?${query}` : ''}`, { token: await tokenOf(mobile, tenant), tenant });
  const data = res.body.data as { list: unknown[]; total_elements: number } | undefined;
  if (res.status === 200 && !/(^|&)(page|size)=/.test(query) && data!.list.length < 10)
    expect(data!.total_elements).toBe(data!.list.length);
  return res;
}
const idsOf = (res: { body: { data?: { list: { id: string }[] } } }) => res.body.data!.list.map((a) => a.id.replace(/0+$/, ''));

/** A small tenant: each status, the officers' own, another officer's, another tenant's. */
async function world() {
  await addOtherOfficer();
  return seed([
    { key: 'a1', name: 'LAKSHMI DEVI', phone: '9876501234' }, // officer's DRAFT, PD1 not captured
    { key: 'a2', name: 'RAMESH YADAV', stage: [...PD1_STAGES] }, // officer's DRAFT, PD1 captured
    { key: 'a3', name: 'MOHAN LAL', status: 'PD1_REVIEW' }, // sent back, not resubmitted
    { key: 'a4', name: 'SUNITA KUMARI', status: 'PD1_REVIEW', resubmitted: true },
    { key: 'a5', name: 'Devika Rao', status: 'PD1_COMPLETE' },
    { key: 'a6', name: 'Lakshman Das', status: 'PD2_COMPLETE' },
    { key: 'a7', name: 'Kamala Bai', status: 'PD2_REVIEW' },
    { key: 'a8', name: 'Anil Devgan', status: 'APPROVED' },
    { key: 'a9', name: 'Vikram Joshi', status: 'REJECTED' },
    { key: 'b1', name: 'LAKSHMI NARAYAN', by: OTHER_RO, stage: [...PD1_STAGES] }, // another officer's
    { key: 'c1', name: 'LAKSHMI DEVI', tenant: 'acfl', phone: '9876501234', stage: [...PD1_STAGES] }, // another tenant's
  ]);
}

describe('scoping', () => {
  it('an officer sees only their own; another officer’s and another tenant’s are never listed', async () => {
    await world();
    expect(idsOf(await list(RAVI, 'queue=all'))).toEqual(['a9', 'a8', 'a7', 'a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    expect(idsOf(await list(OTHER_RO, 'queue=all'))).toEqual(['b1']);
    expect(idsOf(await list(MEENA, 'queue=all'))).toEqual(['b1', 'a9', 'a8', 'a7', 'a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    expect(idsOf(await list(MEENA, 'queue=all', 'acfl'))).toEqual(['c1']);
    expect(idsOf(await list(ARJUN, 'queue=all&search_by=lakshmi'))).toEqual(['b1', 'a1']);
    expect(idsOf(await list(RAVI, 'search_by=lakshmi'))).toEqual(['a1']);
    expect(idsOf(await list(RAVI, 'search_by=9876501234'))).toEqual(['a1']);
    expect(idsOf(await list(MEENA, 'search_by=9876501234', 'catfin'))).toEqual([]);
  });

  it('an AGENT is refused (403), a caller without a session 401', async () => {
    expect((await list(KAVITA)).status).toBe(403);
    expect((await get(ctx.app, LIST)).status).toBe(401);
  });
});

describe('the default queue (no status): what waits for the caller', () => {
  it('officer: their DRAFT and PD1_REVIEW; branch manager: DRAFT with every PD1 stage and resubmitted PD1_REVIEW; credit manager: PD1_COMPLETE and PD2_REVIEW', async () => {
    await world();
    expect(idsOf(await list(RAVI))).toEqual(['a4', 'a3', 'a2', 'a1']);
    expect(idsOf(await list(ARJUN))).toEqual(['b1', 'a4', 'a2']);
    expect(idsOf(await list(MEENA))).toEqual(['a7', 'a5']);
  });

  it('status filters instead (one or several), still scoped', async () => {
    await world();
    expect(idsOf(await list(MEENA, 'status=APPROVED'))).toEqual(['a8']);
    expect(idsOf(await list(MEENA, 'status=APPROVED,REJECTED'))).toEqual(['a9', 'a8']);
    expect(idsOf(await list(MEENA, 'status=DRAFT'))).toEqual(['b1', 'a2', 'a1']);
    expect(idsOf(await list(OTHER_RO, 'status=APPROVED'))).toEqual([]);
    expect(idsOf(await list(ARJUN, 'status=DRAFT&search_by=ram'))).toEqual(['a2']);
  });

  it('RESUBMITTED: PD1_REVIEW that the officer resubmitted, alone or with statuses; each row says whether it was resubmitted', async () => {
    await world();
    const resubmitted = await list(ARJUN, 'status=RESUBMITTED');
    expect(idsOf(resubmitted)).toEqual(['a4']);
    expect(resubmitted.body.data!.list[0]).toMatchObject({ status: 'PD1_REVIEW', resubmitted: true });
    expect(idsOf(await list(ARJUN, 'status=RESUBMITTED,APPROVED'))).toEqual(['a8', 'a4']);
    const review = await list(RAVI, 'status=PD1_REVIEW');
    expect(review.body.data!.list.map((a: { id: string; resubmitted: boolean }) => [a.id.replace(/0+$/, ''), a.resubmitted])).toEqual([
      ['a4', true],
      ['a3', false],
    ]);
    expect((await list(ARJUN, 'status=RESUBMITTED&search_by=sunita')).body.data!.total_elements).toBe(1);
  });
});

describe('search_by', () => {
  it('a name: case-insensitive prefix of any word, or of the whole name', async () => {
    await world();
    const search = async (q: string) => idsOf(await list(MEENA, `search_by=${encodeURIComponent(q)}`));
    expect(await search('lak')).toEqual(['b1', 'a6', 'a1']); // Lakshmi, Lakshman, Lakshmi
    expect(await search('DEV')).toEqual(['a8', 'a5', 'a1']); // Devgan, Devika, Devi
    expect(await search('lakshmi d')).toEqual(['a1']);
    expect(await search('LAKSHMI DEVI')).toEqual(['a1']);
    expect(await search('devi lakshmi')).toEqual([]);
    expect(await search('akshmi')).toEqual([]);
    expect(await search('kumari')).toEqual(['a4']);
    expect(await search("'; drop table--")).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('a mobile number (whole or its start) and a tracker id (whole, any case, or its start)', async () => {
    await world();
    const search = async (q: string) => idsOf(await list(MEENA, `search_by=${encodeURIComponent(q)}`));
    expect(await search('9876501234')).toEqual(['a1']);
    expect(await search('98765')).toHaveLength(10);
    expect(await search('98766')).toEqual([]);
    expect(await search('SAH2601001004')).toEqual(['a5']);
    expect(await search('sah2601001004')).toEqual(['a5']);
    expect(await search('SAH260100100')).toHaveLength(10);
    expect(await search('ACF2601001010')).toEqual([]); // another tenant's
  });
});

describe('pages', () => {
  it('size and zero-based page, with the totals; a page beyond the end is empty', async () => {
    await world();
    const page = async (q: string) => (await list(MEENA, `queue=all&${q}`)).body.data;
    expect(await page('size=4&page=0')).toMatchObject({ total_elements: 10, total_pages: 3 });
    expect(idsOf({ body: { data: await page('size=4&page=0') } })).toEqual(['b1', 'a9', 'a8', 'a7']);
    expect(idsOf({ body: { data: await page('size=4&page=2') } })).toEqual(['a2', 'a1']);
    expect(await page('size=4&page=3')).toEqual({ list: [], total_pages: 3, total_elements: 10 });
    expect(await page('size=50')).toMatchObject({ total_pages: 1 });
    expect((await page('')).list).toHaveLength(10); // default size 10
  });

  it('each row: the fields of the contract, newest change first', async () => {
    await world();
    const res = await list(RAVI, 'search_by=9876501234');
    expect(res.body).toEqual({
      success: true,
      data: {
        list: [
          {
            id: 'a1'.padEnd(32, '0'),
            tracker_id: 'SAH2601001000',
            name: 'LAKSHMI DEVI',
            phone: '9876501234',
            status: 'DRAFT',
            stage: [],
            loan_type: 'MFI_BUSINESS_LOAN',
            amount_requested: 100000,
            created_at: new Date(T0).toISOString(),
            updated_at: new Date(T0).toISOString(),
            created_by_name: 'Ravi Kumar',
            resubmitted: false,
          },
        ],
        total_pages: 1,
        total_elements: 1,
      },
    });
  });

  it("'No data': an empty list with zero totals", async () => {
    expect((await list(MEENA)).body).toEqual({ success: true, data: { list: [], total_pages: 0, total_elements: 0 } });
  });

  it.each([
    ['size=0', 'size must be a whole number from 1 to 50'],
    ['size=51', 'size must be a whole number from 1 to 50'],
    ['size=ten', 'size must be a whole number from 1 to 50'],
    ['page=-1', 'page must be a whole number from 0 to 9999'],
    ['page=1e3', 'page must be a whole number from 0 to 9999'],
    ['page=10000', 'page must be a whole number from 0 to 9999'],
    [
      'status=FINISHED',
      'status must be one or more of DRAFT, PD1_COMPLETE, PD1_REVIEW, PD2_COMPLETE, PD2_REVIEW, APPROVED, REJECTED, AGREEMENT_SIGNED, DISBURSAL_READY, DISBURSED, CANCELLED, RESUBMITTED, separated by commas',
    ],
    ['queue=mine', 'queue must be all'],
    [`search_by=${'x'.repeat(101)}`, 'search_by must be at most 100 characters'],
    ['size=1&size=2', 'size must be a whole number from 1 to 50'],
  ])('400 with the reason for %s', async (query, message) => {
    const res = await list(MEENA, query);
    expect(res.body).toEqual({ success: false, message, status_code: 400 });
  });
});

describe('the totals follow every change of status, stages, resubmission (kept by a trigger)', () => {
  it('queues and counts after updates and deletes', async () => {
    const ids = await world();
    const total = async (mobile: string, query = '') => (await list(mobile, query)).body.data.total_elements;
    expect(await total(MEENA)).toBe(2);
    expect(await total(ARJUN)).toBe(3);
    const set = (key: string, values: Partial<typeof applications.$inferInsert>) =>
      ctx.db.update(applications).set(values).where(eq(applications.id, ids[key]!));
    await set('a1', { stage: [...PD1_STAGES] }); // PD1 captured: the branch manager's
    expect(idsOf(await list(ARJUN))).toEqual(['b1', 'a4', 'a2', 'a1']);
    await set('a1', { status: 'PD1_COMPLETE', updated_at: new Date(T0 + HOUR) }); // then the credit manager's
    expect(idsOf(await list(ARJUN))).toEqual(['b1', 'a4', 'a2']);
    expect(idsOf(await list(MEENA))).toEqual(['a1', 'a7', 'a5']);
    await set('a3', { resubmitted_at: new Date(T0) });
    expect(await total(ARJUN)).toBe(4);
    await set('a3', { data: { name: 'MOHAN LAL' } }); // no change of the counted columns
    expect(await total(ARJUN)).toBe(4);
    await ctx.db.delete(applications).where(eq(applications.id, ids.a9!));
    expect(await total(MEENA, 'queue=all')).toBe(9);
    expect(await total(MEENA, 'status=REJECTED')).toBe(0);
  });
});

describe('the dashboard count', () => {
  it('counts what the list shows with queue=all: the officer’s own, the tenant’s for a reviewer', async () => {
    await world();
    const count = async (mobile: string) => (await get(ctx.app, `${LIST}/count`, { token: await tokenOf(mobile) })).body;
    expect(await count(RAVI)).toEqual({ success: true, data: { count: 9 } });
    expect(await count(OTHER_RO)).toEqual({ success: true, data: { count: 1 } });
    expect(await count(ARJUN)).toEqual({ success: true, data: { count: 10 } });
  });
});
