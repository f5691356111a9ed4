import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  agreementClauses,
  agreementNumberOf,
  esignSmsText,
  formatInstantDate,
  inIndia,
  LIMITS,
  signatureReason,
  type AgreementView,
  type EsignSent,
  type EsignStartRequest,
  type EsignVerifyRequest,
  type KfsLanguage,
  type SignerKind,
  type Tenant,
} from '../../../domain';
import type { Db, Tx } from '../../db/client';
import {
  agreements,
  agreementSigners,
  coApplicants,
  otpSessions,
  tenants,
  type AgreementRow,
  type AgreementSignerRow,
  type ApplicationRow,
} from '../../db/schema';
import { accept, type Outcome, type Refusal, refuse, refusedAs } from '../../outcome';
import { recordEvent } from '../../kernels/history';
import { loadApplicationFor } from '../../kernels/access';
import { storedOffer } from '../../kernels/offers';
import { recordSanctionStep } from '../../kernels/history';
import type { EsignProvider } from '../../providers/esign/esign-provider';
import type { FileStorage } from '../../providers/storage/file-storage';
import { AUTH_MSG } from '../auth/auth.messages';
import { tenantName } from '../auth/otp.service';
import { consumeOtpSession, startOtpSession, type OtpDeps } from '../auth/otp-session.service';
import { pricingOf } from '../loan-offer/loan-offer.pricing';
import { keyFactsOf } from '../loan-offer/loan-offer.view';
import type { AuthUser } from '../../types';
import { said } from '../../kernels/messages';

/**
 * The sanction letter and loan agreement and its e-sign (issue 33, docs/agreement-and-esign.md).
 * Making it needs the accepted offer and its acknowledged statement; it is made again (a new row,
 * new signers) only while nobody has signed. Each signature is one transaction under the
 * application's and the agreement's locks: the code used up, the provider's signature embedded,
 * the signed file stored, the signer marked signed, the history written, and with the last one the
 * application moved (recordSanctionStep); a provider that fails or times out rolls it all back.
 */

export type AgreementCall = {
  db: Db;
  tenant: Tenant;
  user: AuthUser;
  now: number;
  storage: FileStorage;
  esign: EsignProvider;
  otp: OtpDeps;
  address: string;
  /** How long the e-sign provider may take before the signature is given up (and can be retried). */
  providerTimeoutMs: number;
};

const APP_PREFIX = 'agreement';
const newId = () => randomBytes(16).toString('hex');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const masked = (mobile: string) => `XXXXXX${mobile.slice(-4)}`;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A time as India reads it: "15-01-2026 10:01 IST". */
export const indiaTime = (at: Date): string => inIndia(at).format('DD-MM-YYYY HH:mm:ss [IST]');

async function agreementOf(db: Pick<Db, 'select'>, tenant: Tenant, applicationId: string, forUpdate = false) {
  const query = db
    .select()
    .from(agreements)
    .where(and(eq(agreements.tenant_id, tenant), eq(agreements.application_id, applicationId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

const signersOf = (db: Pick<Db, 'select'>, tenant: Tenant, agreementId: string) =>
  db
    .select()
    .from(agreementSigners)
    .where(and(eq(agreementSigners.tenant_id, tenant), eq(agreementSigners.agreement_id, agreementId)))
    .orderBy(asc(agreementSigners.position));

function viewOf(application: ApplicationRow, row: AgreementRow | undefined, signers: AgreementSignerRow[]): AgreementView {
  if (!row)
    return {
      state: 'NONE',
      application_status: application.status,
      number: null,
      language: null,
      kfs_number: null,
      kfs_hash: null,
      made_at: null,
      pdf_sha256: null,
      signers: [],
    };
  return {
    state: row.state as AgreementView['state'],
    application_status: application.status,
    number: row.number,
    language: row.language as KfsLanguage,
    kfs_number: row.kfs_number,
    kfs_hash: row.kfs_hash,
    made_at: row.created_at.toISOString(),
    pdf_sha256: row.sha256,
    signers: signers.map((s) => ({
      id: s.id,
      kind: s.kind as SignerKind,
      name: s.name,
      mobile: masked(s.mobile),
      state: s.state as 'PENDING' | 'SIGNED',
      signed_at: s.signed_at?.toISOString() ?? null,
    })),
  };
}

/** GET /api/v1/app/mfi/{id}/agreement. */
export async function readAgreement(call: AgreementCall, applicationId: string): Promise<Outcome<AgreementView>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, applicationId, 'read');
  if (!access.ok) return refusedAs(access);
  const row = await agreementOf(call.db, call.tenant, applicationId);
  return accept(viewOf(access.application, row, row ? await signersOf(call.db, call.tenant, row.id) : []));
}

/** GET /api/v1/app/mfi/{id}/agreement/pdf: the current file (with the signatures so far). */
export async function agreementFile(call: AgreementCall, applicationId: string): Promise<Outcome<{ pdf: Buffer; name: string }>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, applicationId, 'read');
  if (!access.ok) return refusedAs(access);
  const row = await agreementOf(call.db, call.tenant, applicationId);
  if (!row) return refuse(409, said('agreement.noAgreement'));
  const pdf = await call.storage.get(call.tenant, row.storage_name);
  if (!pdf) return refuse(503, said('agreement.pdfNotMade'));
  return accept({ pdf, name: `${row.number}.pdf` });
}

/** The signers in order: the borrower, then the active co-borrowers, then the active guarantors. */
async function signersFor(db: Pick<Db, 'select'>, tenant: Tenant, application: ApplicationRow) {
  const people = await db
    .select()
    .from(coApplicants)
    .where(and(eq(coApplicants.tenant_id, tenant), eq(coApplicants.application_id, application.id), eq(coApplicants.status, 'ACTIVE')))
    .orderBy(asc(coApplicants.created_at), asc(coApplicants.id));
  const byType = (type: SignerKind) =>
    people
      .filter((p) => p.type === type)
      .map((p) => ({ kind: type, person_id: p.id as string | null, name: str(p.data.name), mobile: str(p.data.phone) }));
  return [
    { kind: 'BORROWER' as SignerKind, person_id: null, name: str(application.data.name), mobile: application.phone ?? '' },
    ...byType('CO_BORROWER'),
    ...byType('GUARANTOR'),
  ];
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super('refused');
  }
}

/** POST /api/v1/app/mfi/{id}/agreement: makes (or, before any signature, makes again) the agreement. */
export async function makeAgreement(call: AgreementCall, applicationId: string): Promise<Outcome<AgreementView>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, applicationId, 'agreement-make');
  if (!access.ok) return refusedAs(access);
  const application = access.application;
  const offer = storedOffer(application);
  const ack = offer?.acknowledgement;
  if (!offer?.is_accepted || !offer.kfs_number || !ack || ack.kfs_number !== offer.kfs_number)
    return refuse(409, said('agreement.notAccepted'));
  const existing = await agreementOf(call.db, call.tenant, applicationId);
  if (existing && (await signersOf(call.db, call.tenant, existing.id)).some((s) => s.state === 'SIGNED'))
    return refuse(409, said('agreement.alreadySigned'));
  const facts = keyFactsOf(offer, (await pricingOf(call.db, call.tenant)).disclosures);
  if (!facts) return refuse(409, said('agreement.notAccepted'));

  const [tenantRow] = await call.db.select({ clauses: tenants.agreement_clauses }).from(tenants).where(eq(tenants.key, call.tenant));
  const lender = await tenantName({ db: call.db }, call.tenant);
  const language = ack.language;
  const number = agreementNumberOf(application.tracker_id, application.id);
  const signers = await signersFor(call.db, call.tenant, application);
  const now = new Date(call.now);
  // pdfkit (about 28 MB of modules) loads with the first agreement, not with the server.
  const { agreementPdf } = await import('./agreement-pdf');
  const pdf = await agreementPdf({
    number,
    date: formatInstantDate(call.now) ?? '',
    lender,
    language,
    parties: signers.map((s) => ({ kind: s.kind, name: s.name })),
    facts,
    clauses: agreementClauses(tenantRow?.clauses, language),
    kfs: {
      kfs_number: offer.kfs_number,
      issued_at: offer.kfs_issued_at ?? null,
      valid_until: offer.kfs_valid_until ?? null,
      borrower: str(application.data.name) || null,
      tracker_id: application.tracker_id,
      lender,
      content_hash: ack.content_hash,
      acknowledged_at: indiaTime(new Date(ack.acknowledged_at)),
    },
  });
  const storageName = newId();
  await call.storage.put(call.tenant, storageName, pdf);
  try {
    const made = await call.db.transaction(async (tx) => {
      const locked = await loadApplicationFor(tx, call.tenant, call.user, applicationId, 'agreement-make', true);
      if (!locked.ok) throw new Refused(refusedAs(locked));
      const previous = await agreementOf(tx, call.tenant, applicationId, true);
      if (previous) {
        if ((await signersOf(tx, call.tenant, previous.id)).some((s) => s.state === 'SIGNED'))
          throw new Refused(refuse(409, said('agreement.alreadySigned')));
        await tx.delete(agreements).where(and(eq(agreements.tenant_id, call.tenant), eq(agreements.id, previous.id)));
      }
      const id = newId();
      const [row] = await tx
        .insert(agreements)
        .values({
          tenant_id: call.tenant,
          id,
          application_id: applicationId,
          number,
          state: 'PENDING',
          language,
          kfs_number: offer.kfs_number!,
          kfs_hash: ack.content_hash,
          storage_name: storageName,
          sha256: sha256(pdf),
          size: pdf.length,
          created_by: call.user.id,
          created_at: now,
          updated_at: now,
        })
        .returning();
      const inserted = await tx
        .insert(agreementSigners)
        .values(
          signers.map((s, position) => ({
            tenant_id: call.tenant,
            id: newId(),
            agreement_id: id,
            position,
            kind: s.kind,
            person_id: s.person_id,
            name: s.name,
            mobile: s.mobile,
            state: 'PENDING',
          })),
        )
        .returning();
      await recordEvent(tx, {
        tenant: call.tenant,
        applicationId,
        at: call.now,
        actorId: call.user.id,
        action: 'AGREEMENT_CREATED',
        from: locked.application.status,
        to: locked.application.status,
        detail: { number, kfs_number: offer.kfs_number, kfs_hash: ack.content_hash, language, signers: signers.length },
      });
      return {
        view: viewOf(
          locked.application,
          row,
          inserted.sort((a, b) => a.position - b.position),
        ),
        previous,
      };
    });
    if (made.previous) await call.storage.remove(call.tenant, made.previous.storage_name).catch(() => undefined);
    return accept(made.view);
  } catch (error) {
    await call.storage.remove(call.tenant, storageName).catch(() => undefined);
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** `subject` of an ESIGN session: the application, the agreement and the signer the code signs for. */
const subjectOf = (applicationId: string, agreementId: string, signerId: string) =>
  `${APP_PREFIX}:${applicationId}:${agreementId}:${signerId}`;
function parseSubject(subject: string | null) {
  const [prefix, applicationId, agreementId, signerId] = (subject ?? '').split(':');
  return prefix === APP_PREFIX && applicationId && agreementId && signerId ? { applicationId, agreementId, signerId } : null;
}

/** POST /api/v1/app/mfi/{id}/agreement/esign: texts the signer a code (the login's OTP rules and limits). */
export async function startEsign(call: AgreementCall, applicationId: string, body: EsignStartRequest): Promise<Outcome<EsignSent>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, applicationId, 'esign');
  if (!access.ok) return refusedAs(access);
  const row = await agreementOf(call.db, call.tenant, applicationId);
  if (!row) return refuse(409, said('agreement.noAgreement'));
  const signer = (await signersOf(call.db, call.tenant, row.id)).find((s) => s.id === body.signer_id);
  if (!signer) return refuse(404, said('agreement.signerNotFound'));
  if (signer.state === 'SIGNED') return refuse(409, said('agreement.signerSigned'));
  if (!/^[6-9]\d{9}$/.test(signer.mobile)) return refuse(409, said('agreement.signerNoMobile'));
  const lender = await tenantName({ db: call.db }, call.tenant);
  const started = await startOtpSession(call.otp, {
    tenant: call.tenant,
    purpose: 'ESIGN',
    mobile: signer.mobile,
    userId: call.user.id,
    subject: subjectOf(applicationId, row.id, signer.id),
    address: call.address,
    text: (code) => esignSmsText(code, row.number, lender, row.language as KfsLanguage),
  });
  if (!started.ok) return started;
  return accept({
    session_id: started.value.session_id,
    signer_id: signer.id,
    mobile: masked(signer.mobile),
    resend_after_seconds: LIMITS.otpResendSeconds,
  });
}

class ProviderFailed extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderFailed('e-sign provider timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** POST /api/v1/app/mfi/{id}/agreement/esign/verify: the signer's code; the right one signs. */
export async function verifyEsign(call: AgreementCall, applicationId: string, body: EsignVerifyRequest): Promise<Outcome<AgreementView>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, applicationId, 'esign');
  if (!access.ok) return refusedAs(access);
  const [session] = await call.db
    .select({ purpose: otpSessions.purpose, user_id: otpSessions.user_id, subject: otpSessions.subject })
    .from(otpSessions)
    .where(and(eq(otpSessions.tenant_id, call.tenant), eq(otpSessions.id, body.session_id)));
  const subject = session?.purpose === 'ESIGN' && session.user_id === call.user.id ? parseSubject(session.subject) : null;
  if (!subject || subject.applicationId !== applicationId) return refuse(400, AUTH_MSG.sessionExpired);
  // Loaded on the first signature (not with the server), before the transaction holds its locks.
  const { appendSignature } = await import('./pdf-signature');

  let stored: string | null = null;
  try {
    const signed = await call.db.transaction(async (tx: Tx) => {
      // The application's lock, then the agreement's: concurrent codes for it sign one after the other.
      const locked = await loadApplicationFor(tx, call.tenant, call.user, applicationId, 'esign', true);
      if (!locked.ok) return refusedAs(locked);
      const row = await agreementOf(tx, call.tenant, applicationId, true);
      if (!row || row.id !== subject.agreementId) return refuse(409, said('agreement.agreementChanged'));
      const signers = await signersOf(tx, call.tenant, row.id);
      const signer = signers.find((s) => s.id === subject.signerId);
      if (!signer) return refuse(409, said('agreement.agreementChanged'));
      if (signer.state === 'SIGNED') return refuse(409, said('agreement.signerSigned'));
      const ref = { tenant: call.tenant, sessionId: body.session_id, purpose: 'ESIGN' as const, userId: call.user.id };
      const used = await consumeOtpSession(tx, ref, body.otp, call.now);
      // A wrong code's count is kept: this refusal commits.
      if (!used.ok) return used;

      const current = await call.storage.get(call.tenant, row.storage_name);
      if (!current) throw new ProviderFailed('the agreement file is missing');
      const signingTime = new Date(call.now);
      let certificate: { serial: string; issuer: string; subject: string } | null = null;
      const pdf = await withTimeout(
        appendSignature(
          current,
          {
            name: signer.name,
            reason: signatureReason(row.number),
            location: 'India',
            contactInfo: `${indiaTime(signingTime)} (Asia/Kolkata)`,
            signingTime,
          },
          async (digest) => {
            const result = await call.esign
              .signDigest({ digest, signer: { name: signer.name, mobile: signer.mobile }, signingTime })
              .catch((error: unknown) => {
                throw new ProviderFailed(error instanceof Error ? error.message : 'e-sign provider failed');
              });
            certificate = result.certificate;
            return result.cms;
          },
        ),
        call.providerTimeoutMs,
      );
      const name = newId();
      await call.storage.put(call.tenant, name, pdf);
      stored = name;
      const allSigned = signers.every((s) => s.id === signer.id || s.state === 'SIGNED');
      await tx
        .update(agreementSigners)
        .set({ state: 'SIGNED', signed_at: signingTime, certificate })
        .where(and(eq(agreementSigners.tenant_id, call.tenant), eq(agreementSigners.id, signer.id)));
      const [updated] = await tx
        .update(agreements)
        .set({
          storage_name: name,
          sha256: sha256(pdf),
          size: pdf.length,
          state: allSigned ? 'SIGNED' : 'PENDING',
          updated_at: signingTime,
        })
        .where(and(eq(agreements.tenant_id, call.tenant), eq(agreements.id, row.id)))
        .returning();
      await recordEvent(tx, {
        tenant: call.tenant,
        applicationId,
        at: call.now,
        actorId: call.user.id,
        action: 'AGREEMENT_ESIGNED',
        from: locked.application.status,
        to: locked.application.status,
        detail: {
          number: row.number,
          signer_kind: signer.kind,
          signer_name: signer.name,
          signed_at: signingTime.toISOString(),
          signed_at_india: indiaTime(signingTime),
          certificate_serial: (certificate as { serial: string } | null)?.serial ?? null,
        },
      });
      const status = allSigned
        ? await recordSanctionStep(tx, call.tenant, locked.application, 'agreement-signed', call.user.id, call.now)
        : locked.application.status;
      const after = await signersOf(tx, call.tenant, row.id);
      return accept({ view: viewOf({ ...locked.application, status }, updated, after), previous: row.storage_name });
    });
    if (!signed.ok) return signed;
    await call.storage.remove(call.tenant, signed.value.previous).catch(() => undefined);
    return accept(signed.value.view);
  } catch (error) {
    if (stored) await call.storage.remove(call.tenant, stored).catch(() => undefined);
    if (error instanceof ProviderFailed) return refuse(503, said('agreement.providerUnavailable'), 5);
    throw error;
  }
}
