import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationEvents, applications } from '../../src/server/db/schema';
import { BASE, patchApplication } from './applications-fixtures';
import { ARJUN, latestOtp, login, wrongOtp } from './helpers/auth-flow';
import { get } from './helpers/http';
import { offerInPd2 } from './helpers/kfs';
import { useTestApp } from './helpers/test-app';
import { BORROWER } from './helpers/validation';
import {
  agreementPdf,
  agreementUrl,
  approvedApplication,
  CO_BORROWER_MOBILE,
  GUARANTOR_MOBILE,
  hasPdfsig,
  makeAgreement,
  pdfsig,
  pdfText,
  startEsign,
  verifyEsign,
} from './helpers/agreement';

// Issue 33 items 2, 3, 6: the sanction letter and loan agreement made from the accepted offer in
// APPROVED, signed by every signer with a code texted to their mobile, each signature embedded
// in the PDF (pdfsig verifies them), the last one moving the application to AGREEMENT_SIGNED.

const ctx = useTestApp();

const statusOf = async (id: string) =>
  (
    await ctx.db
      .select({ status: applications.status })
      .from(applications)
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)))
  )[0]!.status;
const eventsOf = async (id: string, action: string) =>
  ctx.db
    .select()
    .from(applicationEvents)
    .where(and(eq(applicationEvents.tenant_id, 'sahyog'), eq(applicationEvents.application_id, id), eq(applicationEvents.action, action)));

/** Sends the signer's code and signs with it, as `token`. */
async function sign(id: string, token: string, signerId: string, mobile: string) {
  const sent = await startEsign(ctx, id, token, signerId);
  expect(sent.status, sent.body.message).toBe(200);
  return verifyEsign(ctx, id, token, sent.body.data.session_id, await latestOtp(ctx.app, mobile));
}

describe('who may make the agreement, and when', () => {
  it('before APPROVED the credit manager is refused with the policy’s 409; the officer and the branch manager never make it', async () => {
    const { id, bcm, officer } = await offerInPd2(ctx);
    const early = await makeAgreement(ctx, id, bcm);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'The loan agreement is made and signed once the application is APPROVED and before anyone else signs it; this one is PD2_COMPLETE.',
    );
    expect((await makeAgreement(ctx, id, officer)).status).toBe(403);
    expect((await makeAgreement(ctx, id, await login(ctx.app, ARJUN))).status).toBe(403);
    const read = await get(ctx.app, agreementUrl(id), { token: bcm });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ state: 'NONE', application_status: 'PD2_COMPLETE', signers: [] });
    expect((await get(ctx.app, agreementUrl(id, '/pdf'), { token: bcm })).status).toBe(409);
  });

  it('an unknown application is 404, and a code cannot be sent before the agreement is made', async () => {
    const { id, bcm } = await approvedApplication(ctx);
    expect((await makeAgreement(ctx, 'f'.repeat(32), bcm)).status).toBe(404);
    const early = await startEsign(ctx, id, bcm, 'a'.repeat(32));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('There is no loan agreement yet: the credit manager makes it first.');
    expect((await startEsign(ctx, id, bcm, 'not-an-id')).status).toBe(400);
  });
});

describe('the agreement’s content', () => {
  it('the terms are the accepted offer’s; the acknowledged statement is annexed with its number and hash; the signers are the borrower and the active co-applicants', async () => {
    const { id, bcm, ack, offer } = await approvedApplication(ctx, 'en', true);
    const made = await makeAgreement(ctx, id, bcm);
    expect(made.status, made.body.message).toBe(200);
    const tracker = (await ctx.db.select().from(applications).where(eq(applications.id, id)))[0]!.tracker_id;
    expect(made.body.data).toMatchObject({
      state: 'PENDING',
      application_status: 'APPROVED',
      number: `LA-${tracker}`,
      language: 'en',
      kfs_number: offer.kfs_number,
      kfs_hash: ack.content_hash,
    });
    expect(made.body.data.signers.map((s: any) => [s.kind, s.name, s.state])).toEqual([
      ['BORROWER', 'LAKSHMI DEVI', 'PENDING'],
      ['CO_BORROWER', 'RAMESH KUMAR', 'PENDING'],
      ['GUARANTOR', 'SUNITA YADAV', 'PENDING'],
    ]);
    expect(made.body.data.signers[0].mobile).toBe(`XXXXXX${BORROWER.slice(-4)}`);

    const text = await pdfText(await agreementPdf(ctx, id, bcm));
    const facts = offer.key_facts;
    expect(text).toContain('Sanction letter and loan agreement');
    expect(text).toContain(`LA-${tracker}`);
    expect(text).toContain(offer.kfs_number);
    expect(text).toContain(ack.content_hash);
    expect(text).toContain('RAMESH KUMAR');
    expect(text).toContain('SUNITA YADAV');
    expect(text).not.toContain('MOHAN LAL');
    const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toMatch(new RegExp(`Loan amount\\s+${rupees(facts.loan_amount).replace(/[.]/g, '\\.')}`));
    expect(text).toMatch(new RegExp(`Monthly instalment \\(EMI\\)\\s+${rupees(facts.emi).replace(/[.]/g, '\\.')}`));
    expect(text).toContain(`Tenure (months) ${facts.tenure_months}`);
    expect(text).toContain(`Interest rate (% a year, reducing balance) ${facts.interest_rate}%`);
    // The default clauses, and the schedule's last row.
    expect(text).toContain('The Borrower may prepay the loan in whole or in part at any time');
    expect(text).toContain(rupees(facts.schedule.at(-1).emi));

    const created = await eventsOf(id, 'AGREEMENT_CREATED');
    expect(created.map((e) => e.detail)).toEqual([
      { number: `LA-${tracker}`, kfs_number: offer.kfs_number, kfs_hash: ack.content_hash, language: 'en', signers: 3 },
    ]);
  });

  it('in Hindi when the borrower acknowledged the statement in Hindi, with the number and hash printed', async () => {
    const { id, bcm, ack } = await approvedApplication(ctx, 'hi');
    const made = await makeAgreement(ctx, id, bcm);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.language).toBe('hi');
    const text = await pdfText(await agreementPdf(ctx, id, bcm));
    expect(text).toContain(ack.content_hash);
    expect(text).toContain(made.body.data.number);
    expect(text).not.toContain('Sanction letter and loan agreement');
  });

  it('made again before anyone signs (new signers, the old codes refused); refused with a clear 409 once someone has', async () => {
    const { id, bcm } = await approvedApplication(ctx);
    const first = await makeAgreement(ctx, id, bcm);
    const sent = await startEsign(ctx, id, bcm, first.body.data.signers[0].id);
    const again = await makeAgreement(ctx, id, bcm);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.signers[0].id).not.toBe(first.body.data.signers[0].id);
    const stale = await verifyEsign(ctx, id, bcm, sent.body.data.session_id, await latestOtp(ctx.app, BORROWER));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The loan agreement was made again since this code was sent: send a new code.');

    expect((await sign(id, bcm, again.body.data.signers[0].id, BORROWER)).status).toBe(200);
    const late = await makeAgreement(ctx, id, bcm);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The loan agreement cannot be made again: someone has already signed it.');
    expect(await eventsOf(id, 'AGREEMENT_CREATED')).toHaveLength(2);
  });
});

describe('the e-sign', () => {
  it('each signer signs with their code; the last signature moves the application to AGREEMENT_SIGNED; pdfsig verifies one signature per signer', async () => {
    const { id, bcm, officer } = await approvedApplication(ctx);
    const made = await makeAgreement(ctx, id, bcm);
    const [borrower, coBorrower] = made.body.data.signers;

    const sent = await startEsign(ctx, id, bcm, borrower.id);
    expect(sent.body.data).toMatchObject({ signer_id: borrower.id, mobile: `XXXXXX${BORROWER.slice(-4)}`, resend_after_seconds: 30 });
    const otp = await latestOtp(ctx.app, BORROWER);
    const wrong = await verifyEsign(ctx, id, bcm, sent.body.data.session_id, wrongOtp(otp));
    expect(wrong.status).toBe(400);
    const signed = await verifyEsign(ctx, id, bcm, sent.body.data.session_id, otp);
    expect(signed.status, signed.body.message).toBe(200);
    expect(signed.body.data.signers.map((s: any) => s.state)).toEqual(['SIGNED', 'PENDING']);
    expect(signed.body.data.application_status).toBe('APPROVED');
    // The code is used up.
    expect((await verifyEsign(ctx, id, bcm, sent.body.data.session_id, otp)).status).toBe(409);
    expect((await startEsign(ctx, id, bcm, borrower.id)).body.message).toBe('This signer has already signed the loan agreement.');

    // The application's officer runs the co-borrower's signature on the phone.
    const last = await sign(id, officer, coBorrower.id, CO_BORROWER_MOBILE);
    expect(last.status, last.body.message).toBe(200);
    expect(last.body.data).toMatchObject({ state: 'SIGNED', application_status: 'AGREEMENT_SIGNED' });
    expect(await statusOf(id)).toBe('AGREEMENT_SIGNED');
    const moved = await eventsOf(id, 'MOVED');
    expect(moved.at(-1)).toMatchObject({ from_status: 'APPROVED', to_status: 'AGREEMENT_SIGNED' });
    const esigned = await eventsOf(id, 'AGREEMENT_ESIGNED');
    expect(esigned.map((e) => [(e.detail as any).signer_kind, (e.detail as any).signer_name])).toEqual([
      ['BORROWER', 'LAKSHMI DEVI'],
      ['CO_BORROWER', 'RAMESH KUMAR'],
    ]);
    expect((esigned[0]!.detail as any).signed_at_india).toMatch(/^15-01-2026 \d\d:\d\d:\d\d IST$/);

    // After AGREEMENT_SIGNED neither the agreement nor a code is allowed.
    expect((await makeAgreement(ctx, id, bcm)).status).toBe(409);
    expect((await startEsign(ctx, id, bcm, coBorrower.id)).status).toBe(409);

    const pdf = await agreementPdf(ctx, id, bcm);
    const read = await get(ctx.app, agreementUrl(id), { token: officer });
    expect(read.body.data.pdf_sha256).toBe((await import('node:crypto')).createHash('sha256').update(pdf).digest('hex'));
    if (!hasPdfsig) {
      console.warn('pdfsig (poppler-utils) is missing: the signatures are not verified here');
      return;
    }
    const report = await pdfsig(pdf);
    const signatures = report.split(/^Signature #\d+:$/m).slice(1);
    expect(signatures).toHaveLength(2);
    for (const s of signatures) expect(s).toContain('Signature Validation: Signature is Valid.');
    // pdfsig does not print the reason: each signature dictionary carries it.
    expect(pdf.toString('latin1').match(new RegExp(`/Reason \\(Loan agreement ${made.body.data.number}\\)`, 'g'))).toHaveLength(2);
    expect(signatures[0]).toContain('Signer Certificate Common Name: LAKSHMI DEVI');
    expect(signatures[1]).toContain('Signer Certificate Common Name: RAMESH KUMAR');
    expect(signatures[1]).toContain('Total document signed');
  });

  it('a guarantor signs too; a signer of another application or an unknown signer is refused', async () => {
    const { id, bcm } = await approvedApplication(ctx, 'en', true);
    const signers = (await makeAgreement(ctx, id, bcm)).body.data.signers;
    expect((await startEsign(ctx, id, bcm, 'c'.repeat(32))).status).toBe(404);
    const other = await approvedApplication(ctx);
    const otherSigners = (await makeAgreement(ctx, other.id, bcm)).body.data.signers;
    expect((await startEsign(ctx, id, bcm, otherSigners[0].id)).status).toBe(404);
    // A code sent for the other application does not sign this one.
    const sentOther = await startEsign(ctx, other.id, bcm, otherSigners[1].id);
    const cross = await verifyEsign(ctx, id, bcm, sentOther.body.data.session_id, await latestOtp(ctx.app, CO_BORROWER_MOBILE));
    expect(cross.status).toBe(400);
    for (const [signer, mobile] of [
      [signers[0], BORROWER],
      [signers[1], CO_BORROWER_MOBILE],
      [signers[2], GUARANTOR_MOBILE],
    ] as const)
      expect((await sign(id, bcm, signer.id, mobile)).status).toBe(200);
    expect(await statusOf(id)).toBe('AGREEMENT_SIGNED');
  });

  it('the branch manager may not run a signature; the approved application cannot be rejected any more', async () => {
    const { id, bcm } = await approvedApplication(ctx);
    const signers = (await makeAgreement(ctx, id, bcm)).body.data.signers;
    expect((await startEsign(ctx, id, await login(ctx.app, ARJUN), signers[0].id)).status).toBe(403);
    expect((await get(ctx.app, `${BASE}/${id}`, { token: bcm })).status).toBe(200);
    const rejected = await patchApplication(ctx.app, id, { status: 'REJECTED' }, { token: bcm });
    expect(rejected.status).toBe(409);
  });
});

describe('idempotency and concurrency', () => {
  it('each POST with the same Idempotency-Key is done once and answered the same', async () => {
    const { id, bcm } = await approvedApplication(ctx);
    const key = { headers: { 'idempotency-key': `make-${id}` } };
    const a = await makeAgreement(ctx, id, bcm, key);
    const b = await makeAgreement(ctx, id, bcm, key);
    expect(b.status).toBe(200);
    // A replay answers the first answer's envelope (replay-body.ts keeps ids and statuses, never the view).
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.message).toBe(a.body.message);
    expect(await eventsOf(id, 'AGREEMENT_CREATED')).toHaveLength(1);

    const signer = a.body.data.signers[0].id;
    const sendKey = { headers: { 'idempotency-key': `send-${id}` } };
    const s1 = await startEsign(ctx, id, bcm, signer, sendKey);
    const otp = await latestOtp(ctx.app, BORROWER);
    const s2 = await startEsign(ctx, id, bcm, signer, sendKey);
    expect(s2.headers['idempotent-replayed']).toBe('true');
    expect(await latestOtp(ctx.app, BORROWER)).toBe(otp);

    const verifyKey = { headers: { 'idempotency-key': `verify-${id}` } };
    const v1 = await verifyEsign(ctx, id, bcm, s1.body.data.session_id, otp, verifyKey);
    const v2 = await verifyEsign(ctx, id, bcm, s1.body.data.session_id, otp, verifyKey);
    expect(v1.status, v1.body.message).toBe(200);
    expect(v2.status).toBe(200);
    expect(v2.headers['idempotent-replayed']).toBe('true');
    expect(await eventsOf(id, 'AGREEMENT_ESIGNED')).toHaveLength(1);
  });

  it('two verify calls at once for the same signer sign once', async () => {
    const { id, bcm } = await approvedApplication(ctx);
    const signer = (await makeAgreement(ctx, id, bcm)).body.data.signers[0].id;
    const sent = await startEsign(ctx, id, bcm, signer);
    const otp = await latestOtp(ctx.app, BORROWER);
    const answers = await Promise.all([
      verifyEsign(ctx, id, bcm, sent.body.data.session_id, otp),
      verifyEsign(ctx, id, bcm, sent.body.data.session_id, otp),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await eventsOf(id, 'AGREEMENT_ESIGNED')).toHaveLength(1);
    if (hasPdfsig) expect((await pdfsig(await agreementPdf(ctx, id, bcm))).match(/^Signature #/gm)).toHaveLength(1);
  });
});
