import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kfsLabels, smsText } from '../../src/domain';
import { applications } from '../../src/server/db/schema';
import { borrowerBody, LAKSHMI, officerWithApplication, putBorrower, verifyIdentity } from './applications-fixtures';
import { RAVI } from './helpers/auth-flow';
import { GUEST_MOBILE } from './helpers/guest-flow';
import { get, post } from './helpers/http';
import { KFS_SEND, offerInPd2 } from './helpers/kfs';
import TAMIL from '../../src/server/messages/catalogues/ta.json';
import { useTestApp } from './helpers/test-app';
import { BORROWER } from './helpers/validation';

// Issue 37: the borrower's language recorded on the application (the public flow's choice, or the
// officer's pick for the borrower), the default of the statement and its SMS; the officer's own
// language (the app's, sent as Accept-Language) separate; each SMS in its reader's language.

const ctx = useTestApp();

const outbox = async (mobile: string) =>
  (await get(ctx.app, `/api/dev/sms?mobile=${mobile}`)).body.data[0] as { text: string; otp: string };
const borrowerLanguage = async (id: string) =>
  (
    await ctx.db
      .select({ language: applications.borrower_language })
      .from(applications)
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)))
  )[0]!.language;

describe('the public flow records the borrower’s language', () => {
  it('a guest applying in Tamil gets the code in Tamil, and the self-application records Tamil', async () => {
    const tamil = { 'client-identifier': 'WEB_APP', 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' };
    const sent = await post(ctx.app, '/api/v1/otp/send', { mobile: GUEST_MOBILE, hostname: 'localhost' }, { headers: tamil });
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toBe(TAMIL['auth.otpSent']);
    const sms = await outbox(GUEST_MOBILE);
    expect(sms.text).toBe(smsText('ta', 'guestOtp', { code: sms.otp, lender: 'Sahyog' }));
    expect(sms.text).toMatch(/[\u0B80-\u0BFF]/);
    const verified = await post(ctx.app, '/api/v1/otp/verify', { session_id: sent.body.data.session_id, otp: sms.otp }, { headers: tamil });
    expect(verified.status, verified.body.message).toBe(200);
    expect(await borrowerLanguage(verified.body.data.application_id)).toBe('ta');
    const view = await get(ctx.app, `/api/v1/app/mfi/${verified.body.data.application_id}`, { token: verified.body.data.token });
    expect(view.body.data.borrower_language).toBe('ta');
  });

  it('an officer’s login code is in the officer’s language, not a borrower’s', async () => {
    const sent = await post(
      ctx.app,
      '/api/v1/auth/send-otp',
      { mobile: RAVI },
      { headers: { 'client-identifier': 'WEB_APP', 'accept-language': 'te' } },
    );
    expect(sent.status, sent.body.message).toBe(200);
    const sms = await outbox(RAVI);
    expect(sms.text).toBe(smsText('te', 'loginOtp', { code: sms.otp, lender: 'Sahyog' }));
    expect(sms.text).toMatch(/[\u0C00-\u0C7F]/);
  });
});

describe('the officer’s pick for the borrower', () => {
  it('the statement goes in the recorded language by default; sent in another, that one is recorded', async () => {
    const { id, bcm, offer } = await offerInPd2(ctx);
    expect(await borrowerLanguage(id)).toBeNull();
    await ctx.db
      .update(applications)
      .set({ borrower_language: 'mr' })
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));

    const byDefault = await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number }, { token: bcm });
    expect(byDefault.status, byDefault.body.message).toBe(200);
    const marathi = await outbox(BORROWER);
    expect(marathi.text).toBe(smsText('mr', 'kfsOtp', { code: marathi.otp, kfsNumber: offer.kfs_number, lender: 'Sahyog' }));
    expect(marathi.text).toContain(kfsLabels('mr').title.split(' ')[0]);

    ctx.clock.advance(31_000);
    const bengali = await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number, language: 'bn' }, { token: bcm });
    expect(bengali.status, bengali.body.message).toBe(200);
    expect((await outbox(BORROWER)).text).toMatch(/[\u0980-\u09FF]/);
    expect(await borrowerLanguage(id)).toBe('bn');
  });

  it('the borrower step records the language the officer picks, and refuses one not of the six', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, LAKSHMI);
    const refused = await putBorrower(ctx.app, id, { ...borrowerBody(LAKSHMI), borrower_language: 'fr' }, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('language must be one of en, hi, mr, bn, ta, te');
    const picked = await putBorrower(ctx.app, id, { ...borrowerBody(LAKSHMI), borrower_language: 'ta' }, { token });
    expect(picked.status, picked.body.message).toBe(200);
    expect(picked.body.data.borrower_language).toBe('ta');
    // A later save without a pick keeps it.
    const again = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI), { token });
    expect(again.status, again.body.message).toBe(200);
    expect(await borrowerLanguage(id)).toBe('ta');
  });
});
