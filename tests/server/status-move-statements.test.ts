import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { applications, coApplicants, users } from '../../src/server/db/schema';
import { RAVI } from './helpers/auth-flow';
import { MINUTE, useTestApp } from './helpers/test-app';
import { testDatabaseKind } from './helpers/test-db';
import { applicationAt, move, type World } from './review-fixtures';

// The statements one status move sends to PGlite inside its transaction, by table. Statements run
// prepared (pglite-prepared.ts): a Bind names its statement, whose text came with its Parse.
type Sent = { kind: 'run' | 'simple'; text: string };
const sent: Sent[] = [];
const texts = new Map<string, string>();
let counting = false;
const decoder = new TextDecoder();
const cstring = (bytes: Uint8Array, from: number) => decoder.decode(bytes.subarray(from, bytes.indexOf(0, from)));
const client = PGlite.prototype as unknown as Record<string, (message: Uint8Array, ...rest: unknown[]) => unknown>;
const original = client.execProtocolStream!;
client.execProtocolStream = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
  const kind = String.fromCharCode(message[0]!);
  const name = cstring(message, 5);
  // Parse: 'P', length, the statement's name, its text; Bind: 'B', length, portal, statement; Query: 'Q', length, text.
  if (kind === 'P') texts.set(name, cstring(message, 5 + name.length + 1));
  if (counting && kind === 'B') {
    const statement = cstring(message, 5 + name.length + 1);
    sent.push({ kind: 'run', text: texts.get(statement) ?? statement });
  }
  if (counting && kind === 'Q') sent.push({ kind: 'simple', text: name });
  return original.call(this, message, ...rest);
};
afterAll(() => {
  client.execProtocolStream = original;
});

const ctx = useTestApp({ config: { tokenCacheSeconds: 0 } });
const w: World = {
  get app() {
    return ctx.app;
  },
  get db() {
    return ctx.db;
  },
  get clock() {
    return ctx.clock;
  },
};

/** The statements of the move's transaction (BEGIN to COMMIT). */
async function movesStatements(id: string, token: string, status: string, remarks?: string): Promise<string[]> {
  w.clock.advance(MINUTE);
  sent.length = 0;
  counting = true;
  const res = await move(w, id, token, status, remarks);
  counting = false;
  expect(res.status, res.body.message).toBe(200);
  const begin = sent.findIndex((s) => s.text === 'BEGIN');
  const commit = sent.findIndex((s) => s.text === 'COMMIT');
  return sent.slice(begin + 1, commit).map((s) => s.text.replace(/\s+/g, ' '));
}

/** The table each read of the move reads (its first `from`), one entry per statement. */
const readsOf = (statements: string[]) =>
  statements.filter((s) => /^select /i.test(s)).map((s) => /\bfrom "(\w+)"/.exec(s)?.[1] ?? s.slice(0, 60));

const list = (statements: string[]) => statements.map((s) => s.slice(0, 140)).join('\n');

/** The move reads its locked row and each of its records at most once; the statements in all, as counted. */
function expectOneReadEach(statements: string[], reads: string[], count: number) {
  expect(readsOf(statements), list(statements)).toEqual(reads);
  expect(statements, list(statements)).toHaveLength(count);
}

const coApplicantChanged = async (id: string) => {
  const [officer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.mobile, RAVI));
  await ctx.db.insert(coApplicants).values({
    tenant_id: 'sahyog',
    id: randomBytes(16).toString('hex'),
    application_id: id,
    type: 'GUARANTOR',
    status: 'REJECTED',
    data: { name: 'VIKRAM JOSHI' },
    created_by: officer!.id,
    created_at: new Date(ctx.clock.now()),
    updated_at: new Date(ctx.clock.now()),
  });
};

// The application row is read once, locked, and the update answers it as it leaves it; the
// co-applicants and family members once, on first need, shared by the move's facts, the section
// digests, the change since the review and the accepted offer's binding (move-records.ts); the
// history (application_events) once, for the review a move answers.
describe.skipIf(testDatabaseKind() !== 'pglite')('a status move reads its row, its records and its history once', () => {
  it('Complete PD1 and the send-back: the co-applicants for the facts; both records for the digests', async () => {
    const { id, tokens } = await applicationAt(w, 'DRAFT');
    expectOneReadEach(await movesStatements(id, tokens.bm, 'PD1_COMPLETE'), ['applications', 'co_applicants'], 4);
    const sendBack = await movesStatements(id, tokens.bm, 'PD1_REVIEW', 'Add the shop photo');
    expectOneReadEach(sendBack, ['applications', 'co_applicants', 'family_members'], 5);
  });

  it('the final submit reads the co-applicants once, for the offer’s basis, and not the row again to check the binding', async () => {
    const { id, tokens } = await applicationAt(w, 'PD2_COMPLETE');
    expectOneReadEach(await movesStatements(id, tokens.bcm, 'APPROVED'), ['applications', 'co_applicants'], 4);
  });

  it('a rejection with an accepted offer checks the binding on the updated row, with one read of the co-applicants', async () => {
    const { id, tokens } = await applicationAt(w, 'PD2_COMPLETE');
    expectOneReadEach(await movesStatements(id, tokens.bcm, 'REJECTED', 'Policy'), ['applications', 'co_applicants'], 4);
  });

  it('back from PD2 review after a co-applicant’s change: the history once, the co-applicants once for the change and the voided offer', async () => {
    const { id, tokens } = await applicationAt(w, 'PD2_COMPLETE');
    await movesStatements(id, tokens.bcm, 'PD2_REVIEW', 'Residence photo unclear');
    w.clock.advance(MINUTE);
    await coApplicantChanged(id);
    const back = await movesStatements(id, tokens.bcm, 'PD2_COMPLETE');
    // The added co-applicant changed the offer's basis: the acceptance is voided (its write and its history entry).
    expectOneReadEach(back, ['applications', 'application_events', 'co_applicants'], 7);
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.data.loan_offer).toMatchObject({ is_accepted: false, voided: { reasons: [expect.any(String)] } });
  });
});
