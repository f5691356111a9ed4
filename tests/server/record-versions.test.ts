import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordVersions, users } from '../../src/server/db/schema';
import { issueToken } from '../../src/server/modules/auth/session.service';
import { ARJUN, login, RAVI } from './helpers/auth-flow';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { BASE, borrowerBody, LAKSHMI, patchApplication, putBorrower, rowOf, withBorrowerStep } from './applications-fixtures';

// Issue 32: every record a step writes has a version; a write names the version it was based on
// (If-Match) and is merged three-way into the record as it is now. The borrower step is the record
// here; the mechanism is the same for every route of versioned-routes.ts.
const ctx = useTestApp();

const basedOn = (version: number, more: Record<string, string> = {}) => ({ headers: { 'if-match': `"${version}"`, ...more } });

async function twoPhones() {
  const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
  // The same officer signed in on a second phone.
  const second = await login(ctx.app, RAVI);
  return { id, phoneA: token, phoneB: second, body: borrowerBody(LAKSHMI) };
}

const versionsOf = (id: string) =>
  ctx.db
    .select()
    .from(recordVersions)
    .where(and(eq(recordVersions.application_id, id), eq(recordVersions.record_key, 'borrower')))
    .orderBy(recordVersions.version);

describe('versioned writes of a record', () => {
  it('two phones change different fields: both are kept, the second answered merged; the same field: a conflict that keeps the server value', async () => {
    const { id, phoneA, phoneB, body } = await twoPhones();
    const first = await get(ctx.app, `${BASE}/${id}`, { token: phoneA });
    expect(first.body.data.versions).toEqual({ borrower: 1 });
    expect(first.headers.etag).toBeUndefined();

    const a = await putBorrower(ctx.app, id, { ...body, address: '22 Shivaji Road, Ward 5' }, { token: phoneA, ...basedOn(1) });
    expect(a.status, a.body.message).toBe(200);
    expect(a.headers.etag).toBe('"2"');
    expect(a.body.data).toMatchObject({ version: 2, merged_fields: [] });

    const b = await putBorrower(ctx.app, id, { ...body, years_of_residence: 7 }, { token: phoneB, ...basedOn(1) });
    expect(b.status, b.body.message).toBe(200);
    expect(b.body.data).toMatchObject({ version: 3, merged_fields: ['years_of_residence'] });
    expect((await rowOf(ctx.db, id)).data).toMatchObject({ address: '22 Shivaji Road, Ward 5', years_of_residence: 7 });

    const c = await putBorrower(
      ctx.app,
      id,
      { ...body, years_of_residence: 7, address: '9 Station Road', amount_requested: 120000 },
      { token: phoneB, ...basedOn(1, { 'accept-language': 'hi' }) },
    );
    expect(c.status).toBe(409);
    expect(c.body.message).toBe('सहेजा गया, सिवाय address के: इस बीच किसी और ने इन्हें बदल दिया। चुनें कि कौन सा मान रखना है।');
    expect(c.body.data.version).toBe(4);
    expect(c.body.data.conflicts).toEqual([
      {
        field: 'address',
        base: '14 Gandhi Nagar, Ward 3',
        theirs: '22 Shivaji Road, Ward 5',
        yours: '9 Station Road',
        changed_by: 'Ravi Kumar',
        changed_at: expect.any(String),
      },
    ]);
    // The rest of the write is applied; the conflicting field keeps the server's value.
    expect((await rowOf(ctx.db, id)).data).toMatchObject({
      address: '22 Shivaji Road, Ward 5',
      years_of_residence: 7,
      amount_requested: 120000,
    });

    const history = await versionsOf(id);
    expect(history.map((v) => [v.version, v.kind, v.base_version, v.changed_fields])).toEqual([
      [1, 'UNCONDITIONAL', null, expect.arrayContaining(['address', 'name', 'pan'])],
      [2, 'WRITE', 1, ['address']],
      [3, 'MERGED', 1, ['years_of_residence']],
      [4, 'CONFLICT', 1, ['amount_requested']],
    ]);
    expect(history[3]!.detail).toEqual({
      merged_fields: ['amount_requested'],
      conflicts: [{ field: 'address', changed_by: 'Ravi Kumar', changed_at: expect.any(String) }],
    });
    // The versions keep the Aadhaar number sealed, as the application does.
    expect(JSON.stringify(history.map((v) => v.values))).not.toContain(LAKSHMI.aadhaar);
  });

  it('the person resolves a conflict by writing the value they chose on the version the conflict answered', async () => {
    const { id, phoneA, phoneB, body } = await twoPhones();
    await putBorrower(ctx.app, id, { ...body, address: '4 Shivaji Road, Ward 5' }, { token: phoneA, ...basedOn(1) });
    const conflict = await putBorrower(ctx.app, id, { ...body, address: '9 Station Road, Ward 1' }, { token: phoneB, ...basedOn(1) });
    expect(conflict.status).toBe(409);
    const resolved = await putBorrower(
      ctx.app,
      id,
      { ...body, address: '9 Station Road, Ward 1' },
      {
        token: phoneB,
        ...basedOn(conflict.body.data.version, {
          'sahyog-resolves': String(conflict.body.data.version),
          'sahyog-changed-fields': 'address',
        }),
      },
    );
    expect(resolved.status, resolved.body.message).toBe(200);
    expect((await rowOf(ctx.db, id)).data.address).toBe('9 Station Road, Ward 1');
    expect((await versionsOf(id)).at(-1)).toMatchObject({
      kind: 'RESOLVED',
      changed_fields: ['address'],
      detail: { resolves: 3, resolved: [{ field: 'address', kept: 'yours' }] },
    });
    // The application's history shows the conflict and how it was resolved, newest first, by whom.
    const view = await get(ctx.app, `${BASE}/${id}`, { token: phoneA });
    const records = view.body.data.history.filter((h: { action: string }) => h.action.startsWith('RECORD_'));
    expect(records.map((h: { action: string; actor_name: string }) => [h.action, h.actor_name])).toEqual([
      ['RECORD_RESOLVED', 'Ravi Kumar'],
      ['RECORD_CONFLICT', 'Ravi Kumar'],
    ]);
    expect(records[0].detail).toMatchObject({ record: 'borrower', resolved: [{ field: 'address', kept: 'yours' }] });
  });

  it('a replay of a conflicting write under its Idempotency-Key answers the same 409, and writes nothing again', async () => {
    const { id, phoneA, phoneB, body } = await twoPhones();
    await putBorrower(ctx.app, id, { ...body, address: '4 Shivaji Road, Ward 5' }, { token: phoneA, ...basedOn(1) });
    const options = { token: phoneB, ...basedOn(1, { 'idempotency-key': 'phone-b-1' }) };
    const first = await putBorrower(ctx.app, id, { ...body, address: '9 Station Road, Ward 1' }, options);
    const again = await putBorrower(ctx.app, id, { ...body, address: '9 Station Road, Ward 1' }, options);
    expect([first.status, again.status]).toEqual([409, 409]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.conflicts.map((c: { field: string }) => c.field)).toEqual(['address']);
    expect((await versionsOf(id)).length).toBe(3);
  });

  it('a reviewer’s patch of one field and the officer’s queued step made before it: both kept', async () => {
    const { id, phoneA, body } = await twoPhones();
    const manager = await login(ctx.app, ARJUN);
    const patched = await patchApplication(ctx.app, id, { address: '3 Corrected Lane, Ward 4' }, { token: manager });
    expect(patched.status, patched.body.message).toBe(200);
    expect(patched.body.data.version).toBe(2);
    const queued = await putBorrower(ctx.app, id, { ...body, years_of_residence: 9 }, { token: phoneA, ...basedOn(1) });
    expect(queued.status, queued.body.message).toBe(200);
    expect(queued.body.data.merged_fields).toEqual(['years_of_residence']);
    expect((await rowOf(ctx.db, id)).data).toMatchObject({ address: '3 Corrected Lane, Ward 4', years_of_residence: 9 });
  });

  it('without If-Match a write is applied as sent (an old client, a script) and recorded as unconditional', async () => {
    const { id, phoneA, phoneB, body } = await twoPhones();
    await putBorrower(ctx.app, id, { ...body, address: '4 Shivaji Road, Ward 5' }, { token: phoneA, ...basedOn(1) });
    const blind = await putBorrower(ctx.app, id, { ...body, years_of_residence: 8 }, { token: phoneB });
    expect(blind.status).toBe(200);
    expect((await rowOf(ctx.db, id)).data).toMatchObject({ address: body.address, years_of_residence: 8 });
    expect((await versionsOf(id)).at(-1)).toMatchObject({ kind: 'UNCONDITIONAL', changed_fields: ['address', 'years_of_residence'] });
  });

  it('one phone’s two edits of a field, queued offline on the same version, do not conflict with each other', async () => {
    const { id, phoneA, phoneB, body } = await twoPhones();
    await putBorrower(ctx.app, id, { ...body, years_of_residence: 8 }, { token: phoneB, ...basedOn(1) });
    const first = await putBorrower(ctx.app, id, { ...body, address: '4 Shivaji Road, Ward 5' }, { token: phoneA, ...basedOn(1) });
    const second = await putBorrower(ctx.app, id, { ...body, address: '6 Shivaji Road, Ward 5' }, { token: phoneA, ...basedOn(1) });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await rowOf(ctx.db, id)).data).toMatchObject({ address: '6 Shivaji Road, Ward 5', years_of_residence: 8 });
  });

  it('a verified identity is never merged over: while the record changed in parallel, a change of the PAN is a conflict', async () => {
    const { id, phoneA, phoneB, body } = await twoPhones();
    await putBorrower(ctx.app, id, { ...body, address: '4 Shivaji Road, Ward 5' }, { token: phoneA, ...basedOn(1) });
    const other = await putBorrower(ctx.app, id, { ...body, pan: 'ABCPE1234F', years_of_residence: 8 }, { token: phoneB, ...basedOn(1) });
    expect(other.status).toBe(409);
    expect(other.body.data.conflicts.map((c: { field: string }) => c.field)).toEqual(['pan']);
    expect((await rowOf(ctx.db, id)).data).toMatchObject({ pan: LAKSHMI.pan, years_of_residence: 8, address: '4 Shivaji Road, Ward 5' });
  });

  it('a malformed If-Match is 400 and an unknown version 412, and neither writes', async () => {
    const { id, phoneA, body } = await twoPhones();
    const bad = await putBorrower(
      ctx.app,
      id,
      { ...body, address: '17 Temple Street, Ward 2' },
      { token: phoneA, headers: { 'if-match': 'yesterday' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('If-Match must name one record version, such as "3"');
    const unknown = await putBorrower(ctx.app, id, { ...body, address: '17 Temple Street, Ward 2' }, { token: phoneA, ...basedOn(9) });
    expect(unknown.status).toBe(412);
    expect((await rowOf(ctx.db, id)).data.address).toBe(body.address);
    expect((await versionsOf(id)).length).toBe(1);
    // The record is free again: a good write goes through.
    expect(
      (await putBorrower(ctx.app, id, { ...body, address: '17 Temple Street, Ward 2' }, { token: phoneA, ...basedOn(1) })).status,
    ).toBe(200);
  });

  it('20 concurrent conditional writes to one record: each applied, merged or answered a conflict; none lost', async () => {
    const { id, body } = await twoPhones();
    // Twenty phones of the officer, each signed in: each session's write is merged against the others'.
    const [ravi] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.mobile, RAVI));
    const phones = await Promise.all(
      Array.from({ length: 20 }, async () => (await issueToken(ctx.db, 'sahyog', ravi!.id, new Date(ctx.clock.now()))).token),
    );
    const writes = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? { address: `${i} Market Road` } : { years_of_residence: 10 + i }));
    const answers = await Promise.all(
      writes.map((change, i) => putBorrower(ctx.app, id, { ...body, ...change }, { token: phones[i]!, ...basedOn(1) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(2).fill(200), ...Array(18).fill(409)]);
    const stored = (await rowOf(ctx.db, id)).data;
    writes.forEach((change, i) => {
      const [field, value] = Object.entries(change)[0]!;
      const answer = answers[i]!;
      // Applied: the record holds it. Refused: the answer names the field with the value that stayed.
      if (answer.status === 200) expect(stored[field]).toEqual(value);
      else expect(answer.body.data.conflicts).toEqual([expect.objectContaining({ field, yours: value, theirs: stored[field] })]);
    });
    expect((await versionsOf(id)).map((v) => v.version)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  });
});
