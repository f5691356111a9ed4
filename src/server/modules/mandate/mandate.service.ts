import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  LIMITS,
  MANDATE_MSG,
  maskAccountNumber,
  toPaise,
  toRupees,
  type MandateAuthoriseBody,
  type MandateRequestBody,
  type MandateView,
  type Tenant,
} from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { mandates, type ApplicationRow, type MandateRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import type { EnachProvider } from '../../providers/enach/enach-provider';
import { loadApplicationFor, statusRefusal } from '../../kernels/access';
import { recordEvent, recordSanctionStep } from '../../kernels/history';
import { storedOffer } from '../../kernels/offers';
import type { AuthUser } from '../../types';
import { bankOfIfsc } from '../../data/banks';
import { AUTH_MSG } from '../auth/auth.messages';
import { OTP_RESEND_MS } from '../auth/otp-session.service';
import { keyFactsOf } from '../loan-offer/loan-offer.view';
import { byEnglish, said } from '../../kernels/messages';

/**
 * The e-NACH mandate (issue 33 item 4, docs/mandate.md). POST registers a monthly debit on the
 * verified bank account with the borrower's bank (provider.register) and the bank texts the
 * borrower a code; POST authorise passes the code on; the bank's UMRN registers it. Each attempt is
 * a row of `mandates`; the history records how each ended (MANDATE_ATTEMPTED) and the registration
 * (MANDATE_REGISTERED), and the registration moves the application (recordSanctionStep).
 *
 * The provider is called outside any transaction (PGlite has one connection, and the bank must not
 * hold a row lock): an attempt is written only after the bank answered, so a timeout leaves nothing
 * half-done; a registration whose answer was lost is found by asking the bank (`status`) on the
 * next authorise. Completing takes the application's row lock, so concurrent calls register once.
 */

export type MandateCall = { db: Db; tenant: Tenant; user: AuthUser; now: number; enach: EnachProvider; timeoutMs: number };

/** How long the bank may take to answer before the step is answered as "try again". */
export const ENACH_TIMEOUT_MS = 15_000;

class BankTimeout extends Error {}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BankTimeout('e-NACH provider timed out')), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Calls the bank; a timeout or a failure to answer is a 503 "try again", never a half-done step. */
async function askBank<T>(call: MandateCall, work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return accept(await withDeadline(work(), call.timeoutMs));
  } catch (error) {
    if (error instanceof BankTimeout || (error instanceof Error && /timeout|timed out|ETIMEDOUT|ECONNRESET/i.test(error.message))) {
      return refuse(503, said('mandate.bankTimeout'));
    }
    throw error;
  }
}

type Limits = { maxPaise: number; emiPaise: number; first: string; last: string; instalments: number };

/**
 * The mandate's limits from the accepted offer's schedule: the EMI, or the largest instalment when
 * one is larger (a long first period, the last one's rounding), since the bank refuses a debit
 * above the maximum; the first and last instalments' dates.
 */
export function limitsOf(row: ApplicationRow): Limits | null {
  const offer = storedOffer(row);
  if (!offer || offer.is_accepted !== true) return null;
  const facts = keyFactsOf(offer);
  if (!facts || facts.schedule.length === 0) return null;
  const emiPaise = toPaise(facts.emi);
  const largest = Math.max(...facts.schedule.map((r) => toPaise(r.emi)));
  return {
    maxPaise: Math.max(emiPaise, largest),
    emiPaise,
    first: facts.schedule[0]!.date,
    last: facts.schedule[facts.schedule.length - 1]!.date,
    instalments: facts.schedule.length,
  };
}

type Account = { account_number: string; ifsc: string };

/** The penny-dropped account of the bank step (applications.data.app_mfi_bank_account, is_verified). */
export function verifiedAccountOf(row: ApplicationRow): Account | null {
  const saved = row.data.app_mfi_bank_account as Record<string, unknown> | undefined;
  if (!saved || typeof saved !== 'object' || saved.is_verified !== true) return null;
  const { account_number, ifsc_code } = saved;
  if (typeof account_number !== 'string' || typeof ifsc_code !== 'string') return null;
  return { account_number, ifsc: ifsc_code.toUpperCase() };
}

const verifiedMobile = (row: ApplicationRow): string | null => (row.phone && row.data.is_phone_verified === true ? row.phone : null);
const maskedMobile = (mobile: string) => `XXXXXX${mobile.slice(-4)}`;

const attemptsOf = (db: Pick<Db, 'select'>, tenant: Tenant, applicationId: string) =>
  db
    .select()
    .from(mandates)
    .where(and(eq(mandates.tenant_id, tenant), eq(mandates.application_id, applicationId)))
    .orderBy(asc(mandates.seq));

/** The view of an application's mandate: the registered one, else the latest attempt, else the offer's limits. */
function viewOf(row: ApplicationRow, attempts: readonly MandateRow[]): MandateView {
  const registered = attempts.find((a) => a.state === 'REGISTERED');
  const current = registered ?? attempts[attempts.length - 1];
  const limits = limitsOf(row);
  const account = current ? { account_number: current.account_number, ifsc: current.ifsc } : verifiedAccountOf(row);
  const mobile = verifiedMobile(row);
  return {
    application_id: row.id,
    state: current?.state === undefined ? 'NONE' : (current.state as MandateView['state']),
    frequency: 'MONTHLY',
    max_amount: current ? toRupees(current.max_amount_paise) : limits ? toRupees(limits.maxPaise) : null,
    emi: limits ? toRupees(limits.emiPaise) : null,
    first_debit: current?.first_debit ?? limits?.first ?? null,
    last_debit: current?.last_debit ?? limits?.last ?? null,
    instalments: limits?.instalments ?? null,
    account: account
      ? { account_number: maskAccountNumber(account.account_number), ifsc: account.ifsc, bank_name: bankOfIfsc(account.ifsc)?.name ?? null }
      : null,
    umrn: registered?.umrn ?? null,
    session_id: current?.state === 'PENDING' ? current.session_id : null,
    mobile: mobile ? maskedMobile(mobile) : null,
    resend_after_seconds: current?.state === 'PENDING' ? LIMITS.otpResendSeconds : null,
    registered_at: registered ? registered.updated_at.toISOString() : null,
    attempts: attempts.map((a) => ({
      id: a.id,
      state: a.state as MandateView['attempts'][number]['state'],
      reason: a.reason,
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    })),
  };
}

async function load(call: MandateCall, id: string, action: 'read' | 'mandate', forUpdate = false, db: Pick<Db, 'select'> = call.db) {
  const access = await loadApplicationFor(db, call.tenant, call.user, id, action, forUpdate, true);
  return access.ok ? accept(access.application) : refusedAs(access);
}

/** GET /:id/mandate: the tenant's reviewers and the application's officer read it. */
export async function readMandate(call: MandateCall, id: string): Promise<Outcome<MandateView>> {
  const loaded = await load(call, id, 'read');
  if (!loaded.ok) return loaded;
  return accept(viewOf(loaded.value, await attemptsOf(call.db, call.tenant, id)));
}

const attemptDetail = (attempt: MandateRow, state: string, reason: string | null, umrn: string | null = null) => ({
  mandate_id: attempt.id,
  outcome: state,
  reason,
  umrn,
  account_last4: attempt.account_number.slice(-4),
  ifsc: attempt.ifsc,
  max_amount: toRupees(attempt.max_amount_paise),
  first_debit: attempt.first_debit,
  last_debit: attempt.last_debit,
});

/** Ends a PENDING attempt (rejected, expired, superseded) with its history entry; nothing if it is no longer PENDING. */
async function endAttempt(
  tx: Tx,
  call: MandateCall,
  row: ApplicationRow,
  attempt: MandateRow,
  state: 'REJECTED' | 'EXPIRED',
  reason: string,
) {
  const ended = await tx
    .update(mandates)
    .set({ state, reason, updated_at: new Date(call.now) })
    .where(and(eq(mandates.tenant_id, call.tenant), eq(mandates.id, attempt.id), eq(mandates.state, 'PENDING')))
    .returning({ id: mandates.id });
  if (ended.length === 0) return;
  await recordEvent(tx, {
    tenant: call.tenant,
    applicationId: row.id,
    at: call.now,
    actorId: call.user.id,
    action: 'MANDATE_ATTEMPTED',
    from: row.status,
    to: row.status,
    detail: attemptDetail(attempt, state, reason),
  });
}

/** What a registration needs, from the application as it is now. */
function prerequisites(call: MandateCall, row: ApplicationRow, body: MandateRequestBody) {
  const closed = statusRefusal(call.user, row, 'mandate');
  if (closed) return closed;
  const account = verifiedAccountOf(row);
  if (!account) return refuse(409, said('mandate.noVerifiedAccount'));
  const named = body.account_number?.trim();
  const namedIfsc = body.ifsc?.trim().toUpperCase();
  if ((named !== undefined && named !== account.account_number) || (namedIfsc !== undefined && namedIfsc !== account.ifsc)) {
    return refuse(400, said('mandate.otherAccount'));
  }
  const limits = limitsOf(row);
  if (!limits) return refuse(409, said('mandate.noAcceptedOffer'));
  const mobile = verifiedMobile(row);
  if (!mobile) return refuse(409, said('mandate.mobileNotVerified'));
  return accept({ account, limits, mobile });
}

/**
 * POST /:id/mandate (the credit manager, APPROVED or AGREEMENT_SIGNED). A mandate already
 * registered is 409; an open attempt younger than the resend wait is 429; otherwise the bank is
 * asked, and its answer written with the attempts it supersedes.
 */
export async function registerMandate(call: MandateCall, id: string, body: MandateRequestBody): Promise<Outcome<MandateView>> {
  const loaded = await load(call, id, 'mandate');
  if (!loaded.ok) return loaded;
  const before = await attemptsOf(call.db, call.tenant, id);
  if (before.some((a) => a.state === 'REGISTERED')) return refuse(409, said('mandate.alreadyRegistered'));
  const ready = prerequisites(call, loaded.value, body);
  if (!ready.ok) return ready;
  const { account, limits, mobile } = ready.value;
  const open = before.filter((a) => a.state === 'PENDING');
  const latest = open[open.length - 1];
  if (latest) {
    // An open attempt the borrower may have authorised while the answer was lost is settled first.
    const settled = await settle(call, latest);
    if (!settled.ok) return settled;
    if (settled.value) return refuse(409, said('mandate.alreadyRegistered'));
    const waitMs = latest.created_at.getTime() + OTP_RESEND_MS - call.now;
    if (waitMs > 0 && (await stillPending(call, latest))) return refuse(429, said('mandate.waitBeforeNew'), Math.ceil(waitMs / 1000));
  }

  const reference = randomBytes(16).toString('hex');
  const asked = await askBank(call, () =>
    call.enach.register({
      tenant: call.tenant,
      reference,
      account_number: account.account_number,
      ifsc: account.ifsc,
      mobile,
      max_amount_paise: limits.maxPaise,
      first_debit: limits.first,
      last_debit: limits.last,
    }),
  );
  if (!asked.ok) return asked;
  if (!asked.value.ok) return asked.value;
  const started = asked.value.value;

  const written = await transact(call.db, async (tx) => {
    const locked = await load(call, id, 'mandate', true, tx);
    if (!locked.ok) return locked;
    const row = locked.value;
    const closed = statusRefusal(call.user, row, 'mandate');
    if (closed) return closed;
    const attempts = await attemptsOf(tx, call.tenant, id);
    if (attempts.some((a) => a.state === 'REGISTERED')) return refuse(409, said('mandate.alreadyRegistered'));
    for (const attempt of attempts.filter((a) => a.state === 'PENDING')) {
      await endAttempt(tx, call, row, attempt, 'EXPIRED', MANDATE_MSG.attemptEnded.en);
    }
    const rejected = started.outcome === 'rejected';
    const values = {
      tenant_id: call.tenant,
      id: reference,
      application_id: id,
      state: rejected ? 'REJECTED' : 'PENDING',
      account_number: account.account_number,
      ifsc: account.ifsc,
      max_amount_paise: limits.maxPaise,
      first_debit: limits.first,
      last_debit: limits.last,
      session_id: rejected ? null : started.session_id,
      umrn: null,
      reason: rejected ? started.reason : null,
      created_by: call.user.id,
      created_at: new Date(call.now),
      updated_at: new Date(call.now),
    };
    const [inserted] = await tx.insert(mandates).values(values).returning();
    if (rejected) {
      await recordEvent(tx, {
        tenant: call.tenant,
        applicationId: id,
        at: call.now,
        actorId: call.user.id,
        action: 'MANDATE_ATTEMPTED',
        from: row.status,
        to: row.status,
        detail: attemptDetail(inserted!, 'REJECTED', started.reason),
      });
    }
    return accept(viewOf(row, await attemptsOf(tx, call.tenant, id)));
  });
  if (!written.ok) return written;
  // The bank's refusal is an answer about the account: recorded, and answered as a refusal.
  if (started.outcome === 'rejected') return refuse(422, byEnglish(started.reason));
  return written;
}

/** Whether the bank still waits for this attempt's code (a failure to answer counts as waiting). */
async function stillPending(call: MandateCall, attempt: MandateRow): Promise<boolean> {
  if (!attempt.session_id) return false;
  const asked = await askBank(call, () =>
    call.enach.status({ tenant: call.tenant, reference: attempt.id, session_id: attempt.session_id!, ifsc: attempt.ifsc }),
  );
  return !asked.ok || asked.value.state === 'pending';
}

/**
 * Settles an open attempt with the bank's own account of it: registered (its answer was lost) is
 * completed here; ended is recorded. Answers whether it is registered now.
 */
async function settle(call: MandateCall, attempt: MandateRow): Promise<Outcome<boolean>> {
  if (!attempt.session_id) return accept(false);
  const asked = await askBank(call, () =>
    call.enach.status({ tenant: call.tenant, reference: attempt.id, session_id: attempt.session_id!, ifsc: attempt.ifsc }),
  );
  if (!asked.ok) return accept(false);
  const status = asked.value;
  if (status.state === 'registered') {
    const done = await complete(call, attempt, status.umrn);
    return done.ok ? accept(true) : done;
  }
  if (status.state === 'ended') {
    await transact(call.db, async (tx) => {
      const locked = await load(call, attempt.application_id, 'read', true, tx);
      if (!locked.ok) return locked;
      await endAttempt(
        tx,
        call,
        locked.value,
        attempt,
        status.reason === MANDATE_MSG.tooManyWrong.en ? 'REJECTED' : 'EXPIRED',
        status.reason,
      );
      return accept(null);
    });
  }
  return accept(false);
}

/**
 * The registration, under the application's row lock: the attempt REGISTERED with its UMRN, the
 * history, the sanction step. A second caller (a concurrent authorise, a replay) finds it done and
 * answers the same mandate.
 */
async function complete(call: MandateCall, attempt: MandateRow, umrn: string): Promise<Outcome<MandateView>> {
  return transact(call.db, async (tx) => {
    const locked = await load(call, attempt.application_id, 'read', true, tx);
    if (!locked.ok) return locked;
    const row = locked.value;
    const [current] = await tx
      .select()
      .from(mandates)
      .where(and(eq(mandates.tenant_id, call.tenant), eq(mandates.id, attempt.id)))
      .for('update');
    if (current?.state !== 'REGISTERED') {
      await tx
        .update(mandates)
        .set({ state: 'REGISTERED', umrn, reason: null, updated_at: new Date(call.now) })
        .where(and(eq(mandates.tenant_id, call.tenant), eq(mandates.id, attempt.id)));
      const base = { tenant: call.tenant, applicationId: row.id, at: call.now, actorId: call.user.id, from: row.status, to: row.status };
      const detail = attemptDetail(attempt, 'REGISTERED', null, umrn);
      await recordEvent(tx, { ...base, action: 'MANDATE_ATTEMPTED', detail });
      await recordEvent(tx, { ...base, action: 'MANDATE_REGISTERED', detail });
      await recordSanctionStep(tx, call.tenant, row, 'mandate-registered', call.user.id, call.now);
    }
    const [after] = await loadAfter(tx, call, row.id);
    return accept(viewOf(after!, await attemptsOf(tx, call.tenant, row.id)));
  });
}

const loadAfter = async (tx: Tx, call: MandateCall, id: string) => {
  const again = await loadApplicationFor(tx, call.tenant, call.user, id, 'read', false, true);
  return again.ok ? [again.application] : [];
};

/**
 * POST /:id/mandate/authorise {session_id, otp}. An attempt already registered answers the same
 * mandate (a replay, a double tap); an ended one is 409; a wrong code is 400 and may be typed
 * again; an expired code or too many wrong ones end the attempt (a new POST /mandate retries).
 */
export async function authoriseMandate(call: MandateCall, id: string, body: MandateAuthoriseBody): Promise<Outcome<MandateView>> {
  const loaded = await load(call, id, 'mandate');
  if (!loaded.ok) return loaded;
  const [attempt] = await call.db
    .select()
    .from(mandates)
    .where(and(eq(mandates.tenant_id, call.tenant), eq(mandates.application_id, id), eq(mandates.session_id, body.session_id)));
  if (attempt?.state === 'REGISTERED') return accept(viewOf(loaded.value, await attemptsOf(call.db, call.tenant, id)));
  const closed = statusRefusal(call.user, loaded.value, 'mandate');
  if (closed) return closed;
  if (!attempt) return refuse(400, AUTH_MSG.sessionExpired);
  if (attempt.state !== 'PENDING') return refuse(409, attempt.reason ? byEnglish(attempt.reason) : said('mandate.attemptEnded'));

  const asked = await askBank(call, () =>
    call.enach.authorise({ tenant: call.tenant, reference: attempt.id, session_id: body.session_id, otp: body.otp, ifsc: attempt.ifsc }),
  );
  if (!asked.ok) return asked;
  const answered = asked.value;
  if (!answered.ok) {
    // A code already used: the other caller's registration (or one whose answer was lost) is settled and answered.
    const settled = await settle(call, attempt);
    if (settled.ok && settled.value) return readMandate(call, id);
    return answered;
  }
  const result = answered.value;
  if (result.outcome === 'registered') return complete(call, attempt, result.umrn);
  await transact(call.db, async (tx) => {
    const locked = await load(call, id, 'read', true, tx);
    if (!locked.ok) return locked;
    await endAttempt(tx, call, locked.value, attempt, result.outcome === 'expired' ? 'EXPIRED' : 'REJECTED', result.reason);
    return accept(null);
  });
  return refuse(result.outcome === 'expired' ? 400 : 422, byEnglish(result.reason));
}
