import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agreementSigners, applicationEvents } from '../../src/server/db/schema';
import type { EsignProvider } from '../../src/server/providers/esign/esign-provider';
import { sandboxCaSource } from '../../src/server/providers/esign/sandbox-ca';
import { createSandboxEsignProvider } from '../../src/server/providers/esign/sandbox-esign.provider';
import { latestOtp } from './helpers/auth-flow';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { BORROWER } from './helpers/validation';
import {
  agreementPdf,
  agreementUrl,
  approvedApplication,
  hasPdfsig,
  makeAgreement,
  pdfsig,
  startEsign,
  verifyEsign,
} from './helpers/agreement';

// Issue 33 item 6: a provider that fails or times out leaves the signature retryable, never half
// done: no signer marked signed, no file changed, the code still usable.

const sandbox = createSandboxEsignProvider(sandboxCaSource(undefined, Date.now));
let failing = true;
const flaky: EsignProvider = {
  signDigest: (request) => (failing ? Promise.reject(new Error('ESP timed out')) : sandbox.signDigest(request)),
};
const ctx = useTestApp({ esign: flaky });

describe('a failing e-sign provider', () => {
  it('answers 503, keeps the signer pending and the file as it was; the same code signs once the provider answers', async () => {
    const { id, bcm } = await approvedApplication(ctx);
    const made = await makeAgreement(ctx, id, bcm);
    const signer = made.body.data.signers[0];
    const sent = await startEsign(ctx, id, bcm, signer.id);
    const otp = await latestOtp(ctx.app, BORROWER);
    const before = await agreementPdf(ctx, id, bcm);

    failing = true;
    const failed = await verifyEsign(ctx, id, bcm, sent.body.data.session_id, otp);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('The e-sign service did not answer. Nothing was signed; please try again.');
    const [row] = await ctx.db
      .select()
      .from(agreementSigners)
      .where(and(eq(agreementSigners.tenant_id, 'sahyog'), eq(agreementSigners.id, signer.id)));
    expect(row).toMatchObject({ state: 'PENDING', signed_at: null });
    expect((await agreementPdf(ctx, id, bcm)).equals(before)).toBe(true);
    const events = await ctx.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.application_id, id), eq(applicationEvents.action, 'AGREEMENT_ESIGNED')));
    expect(events).toHaveLength(0);

    failing = false;
    const signed = await verifyEsign(ctx, id, bcm, sent.body.data.session_id, otp);
    expect(signed.status, signed.body.message).toBe(200);
    expect((await get(ctx.app, agreementUrl(id), { token: bcm })).body.data.signers[0].state).toBe('SIGNED');
    if (hasPdfsig) expect(await pdfsig(await agreementPdf(ctx, id, bcm))).toContain('Signature is Valid.');
  });
});
