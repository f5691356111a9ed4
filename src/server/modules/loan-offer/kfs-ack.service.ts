import { and, eq } from 'drizzle-orm';
import {
  calendarDateOf,
  KFS_MSG,
  kfsExpired,
  kfsSmsText,
  LIMITS,
  type KfsAcknowledgeRequest,
  type KfsAcknowledgement,
  isLanguage,
  type KfsLanguage,
  type KfsResendRequest,
  type KfsSendRequest,
  type KfsSent,
  type LoanOffer,
} from '../../../domain';
import type { ApplicationRow } from '../../db/schema';
import { applications, otpSessions } from '../../db/schema';
import { borrowerLanguageOf, byEnglish } from '../../kernels/messages';
import { accept, refuse, type Outcome, type Refusal } from '../../outcome';
import { recordEvent } from '../../kernels/history';
import { statusRefusal } from '../../kernels/access';
import { OFFER_CHANGED, storedOffer, writeOfferIfUnchanged } from '../../kernels/offers';
import { AUTH_MSG } from '../auth/auth.messages';
import { tenantName } from '../auth/otp.service';
import { consumeOtpSession, resendOtpSession, startOtpSession, type OtpDeps } from '../auth/otp-session.service';
import type { DocumentPool } from '../../documents/document-pool';
import { statementHash } from './loan-offer.kfs';
import { pricingOf } from './loan-offer.pricing';
import { keyFactsOf } from './loan-offer.view';
import { loadForOffer, type OfferCall } from './loan-offer.service';
import { said } from '../../kernels/messages';

/**
 * The borrower's acknowledgement of the Key Fact Statement (DECISIONS.md "Key Fact Statement and
 * the borrower's consent", issue 22 item 4): the credit manager sends the statement shown (its
 * number, in its language) to the borrower's verified mobile with a one-time password under the
 * login's rules and limits; the borrower reads the code out on the officer's phone; the server
 * keeps the number, the hash of the content, the language, the time, the officer and the device's
 * position, on the offer and in the history. A code opens only the statement and the application
 * it was sent for.
 */

export type KfsCall = OfferCall & { otp: OtpDeps; address: string };

const masked = (mobile: string) => `XXXXXX${mobile.slice(-4)}`;

/** `subject` of a KFS_ACK session: which application, statement and language the code acknowledges. */
const subjectOf = (applicationId: string, kfsNumber: string, language: KfsLanguage) => `${applicationId}:${kfsNumber}:${language}`;
function parseSubject(subject: string | null): { applicationId: string; kfsNumber: string; language: KfsLanguage } | null {
  const [applicationId, kfsNumber, language] = (subject ?? '').split(':');
  if (!applicationId || !kfsNumber || !isLanguage(language)) return null;
  return { applicationId, kfsNumber, language };
}

/** The offer a statement can be sent or acknowledged for, or why not. */
async function offerFor(call: KfsCall, applicationId: string): Promise<Outcome<{ row: ApplicationRow; offer: LoanOffer }>> {
  const loaded = await loadForOffer(call, applicationId, 'offer-edit');
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  const offer = storedOffer(row);
  if (offer?.is_accepted === true) return refuse(409, said('loanOffer.alreadyAccepted'));
  const closed = statusRefusal(call.user, row, 'offer-edit');
  if (closed) return closed;
  if (!offer) return refuse(409, said('loanOffer.noOffer'));
  if (offer.decision === 'REJECTED') return refuse(409, said('loanOffer.offerRejected'));
  if (!offer.kfs_number) return refuse(409, said('kfs.noStatement'));
  if (kfsExpired(offer.kfs_valid_until, calendarDateOf(new Date(call.now))))
    return refuse(409, byEnglish(KFS_MSG.expired(offer.kfs_valid_until ?? '').en));
  return accept({ row, offer });
}

const verifiedMobile = (row: ApplicationRow): string | null => (row.phone && row.data.is_phone_verified === true ? row.phone : null);

const smsText = (call: KfsCall, kfsNumber: string, language: KfsLanguage) => async (code: string) =>
  kfsSmsText(code, kfsNumber, await tenantName(call.otp, call.tenant), language);

/** POST /api/v1/bureau/bre/kfs/send. */
export async function sendStatement(call: KfsCall, body: KfsSendRequest): Promise<Outcome<KfsSent>> {
  const found = await offerFor(call, body.application_id);
  if (!found.ok) return found;
  const { row, offer } = found.value;
  if (body.kfs_number !== offer.kfs_number) return refuse(409, said('kfs.statementChanged'));
  const mobile = verifiedMobile(row);
  if (!mobile) return refuse(409, said('kfs.mobileNotVerified'));
  const language = body.language ?? borrowerLanguageOf(row);
  const started = await startOtpSession(call.otp, {
    tenant: call.tenant,
    purpose: 'KFS_ACK',
    mobile,
    userId: call.user.id,
    subject: subjectOf(row.id, offer.kfs_number!, language),
    address: call.address,
    text: smsText(call, offer.kfs_number!, language),
  });
  if (!started.ok) return started;
  if (language !== row.borrower_language)
    await call.db
      .update(applications)
      .set({ borrower_language: language })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, row.id)));
  return accept({
    session_id: started.value.session_id,
    kfs_number: offer.kfs_number!,
    mobile: masked(mobile),
    resend_after_seconds: LIMITS.otpResendSeconds,
  });
}

/** The officer's own KFS_ACK session, and what it was sent for; another application's code is refused without being used. */
async function sessionFor(call: KfsCall, applicationId: string, sessionId: string) {
  const [session] = await call.db
    .select({ purpose: otpSessions.purpose, user_id: otpSessions.user_id, subject: otpSessions.subject })
    .from(otpSessions)
    .where(and(eq(otpSessions.tenant_id, call.tenant), eq(otpSessions.id, sessionId)));
  const subject = session && session.purpose === 'KFS_ACK' && session.user_id === call.user.id ? parseSubject(session.subject) : null;
  if (!subject) return refuse(400, AUTH_MSG.sessionExpired);
  if (subject.applicationId !== applicationId) return refuse(400, said('kfs.otherApplication'));
  return accept(subject);
}

/** POST /api/v1/bureau/bre/kfs/resend: a new code for the same statement, after 30 s, within the send limits. */
export async function resendStatement(call: KfsCall, body: KfsResendRequest): Promise<Outcome<KfsSent>> {
  const found = await offerFor(call, body.application_id);
  if (!found.ok) return found;
  const subject = await sessionFor(call, body.application_id, body.session_id);
  if (!subject.ok) return subject;
  if (subject.value.kfsNumber !== found.value.offer.kfs_number) return refuse(409, said('kfs.statementChanged'));
  const ref = { tenant: call.tenant, sessionId: body.session_id, purpose: 'KFS_ACK' as const, userId: call.user.id };
  const resent = await resendOtpSession(call.otp, ref, call.address, smsText(call, subject.value.kfsNumber, subject.value.language));
  if (!resent.ok) return resent;
  const mobile = verifiedMobile(found.value.row) ?? '';
  return accept({
    session_id: body.session_id,
    kfs_number: subject.value.kfsNumber,
    mobile: masked(mobile),
    resend_after_seconds: LIMITS.otpResendSeconds,
  });
}

class Lost extends Error {
  constructor(readonly refusal: Refusal) {
    super('lost');
  }
}

const positionOf = (body: KfsAcknowledgeRequest): KfsAcknowledgement['position'] => {
  const { latitude, longitude } = body;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude, accuracy_m: body.accuracy_m ?? null };
};

/**
 * POST /api/v1/bureau/bre/kfs/acknowledge. The code is checked once (a wrong one counts, 5 kill the
 * session, an expired or used one is refused); the right one is used up in the same transaction
 * that stores the acknowledgement on the offer and in the history, so a replay finds it used.
 */
export async function acknowledgeStatement(call: KfsCall, body: KfsAcknowledgeRequest): Promise<Outcome<KfsAcknowledgement>> {
  const found = await offerFor(call, body.application_id);
  if (!found.ok) return found;
  const { row, offer } = found.value;
  const subject = await sessionFor(call, body.application_id, body.session_id);
  if (!subject.ok) return subject;
  if (subject.value.kfsNumber !== offer.kfs_number) return refuse(409, said('kfs.statementChanged'));
  const ack: KfsAcknowledgement = {
    kfs_number: offer.kfs_number,
    content_hash: statementHash(offer, row, subject.value.language),
    language: subject.value.language,
    acknowledged_at: new Date(call.now).toISOString(),
    officer_id: call.user.id,
    officer_name: `${call.user.first_name} ${call.user.last_name}`.trim() || null,
    position: positionOf(body),
    mobile: masked(row.phone ?? ''),
  };
  const ref = { tenant: call.tenant, sessionId: body.session_id, purpose: 'KFS_ACK' as const, userId: call.user.id };
  try {
    // Not `transact`: a wrong code's count must be kept although the answer is a refusal.
    return await call.db.transaction(async (tx) => {
      const used = await consumeOtpSession(tx, ref, body.otp, call.now);
      if (!used.ok) return used;
      const written = await writeOfferIfUnchanged(tx, call.tenant, row, { loan_offer: { ...offer, acknowledgement: ack } }, call.now);
      if (!written.ok) throw new Lost(refuse(409, OFFER_CHANGED));
      await recordEvent(tx, {
        tenant: call.tenant,
        applicationId: row.id,
        at: call.now,
        actorId: call.user.id,
        action: 'KFS_ACKNOWLEDGED',
        from: row.status,
        to: row.status,
        detail: ack,
      });
      return accept(ack);
    });
  } catch (error) {
    if (error instanceof Lost) return error.refusal;
    throw error;
  }
}

/** GET /api/v1/bureau/bre/kfs/pdf: the statement of the stored offer as a PDF in a language, for the tenant's reviewers. */
export async function statementPdf(
  call: OfferCall,
  documents: Pick<DocumentPool, 'kfsPdf'>,
  applicationId: string,
  language: KfsLanguage,
): Promise<Outcome<{ pdf: Buffer; name: string }>> {
  const loaded = await loadForOffer(call, applicationId, 'offer-read');
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  const offer = storedOffer(row);
  if (!offer) return refuse(409, said('loanOffer.noOffer'));
  const facts = keyFactsOf(offer, (await pricingOf(call.db, call.tenant)).disclosures);
  if (!facts) return refuse(409, said('loanOffer.offerRejected'));
  const made = await documents.kfsPdf(
    call.tenant,
    facts,
    {
      kfs_number: offer.kfs_number ?? null,
      issued_at: offer.kfs_issued_at ?? null,
      valid_until: offer.kfs_valid_until ?? null,
      borrower: typeof row.data.name === 'string' ? row.data.name : null,
      tracker_id: row.tracker_id,
      lender: await tenantName({ db: call.db }, call.tenant),
    },
    language,
  );
  if (!made.ok) return made.refusal === 'busy' ? refuse(429, said('msg.documentsBusy'), 60) : refuse(503, said('kfs.pdfNotMade'));
  const pdf = made.value;
  return accept({ pdf, name: `${offer.kfs_number ?? 'key-fact-statement'}.pdf` });
}
