import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { applicationEvents, applications, disbursements, loanEvents, mandates, smsOutbox } from '../../src/server/db/schema';
import { BASE } from './applications-fixtures';
import { ARJUN, login } from './helpers/auth-flow';
import { call, post, type CallOptions } from './helpers/http';
import { acknowledgeStatement, offerInPd2 } from './helpers/kfs';
import type { TestContext } from './helpers/test-app';
import { BORROWER } from './helpers/validation';

// An application brought to DISBURSAL_READY for the disbursement tests (issue 34): LAKSHMI DEVI's
// offer computed by the real engine, its statement acknowledged by the borrower's code and the
// offer accepted through the real routes (helpers/kfs.ts, as kfs-acknowledgement.test.ts does);
// then, straight in the database, what the steps between leave: a verified (penny-dropped) bank
// account, the approval, the agreement signed and the mandate registered (issue 33's steps).

export const ACCOUNT = { account_number: '30012345678', ifsc_code: 'SBIN0001234' };
export const FAILING_ACCOUNT = { account_number: '30012345999', ifsc_code: 'SBIN0001234' };

/** The registered mandate's UMRN the fixture writes (issue 33's step), carried by the loan.disbursed event. */
export const MANDATE_UMRN = 'SBIN0000000000000042';

const where = (id: string) => and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id));

export async function withVerifiedAccount(db: Db, id: string, account = ACCOUNT) {
  const saved = {
    account_holder_name: 'LAKSHMI DEVI',
    ...account,
    account_type: 'SAVINGS',
    bank_name: 'State Bank of India',
    verified_name: 'LAKSHMI DEVI',
    is_verified: true,
  };
  const check = {
    status: 'VERIFIED',
    account_number: account.account_number,
    ifsc: account.ifsc_code,
    name: 'LAKSHMI DEVI',
    bank_name: 'State Bank of India',
  };
  const data = {
    app_mfi_bank_account: saved,
    verifications: { bank_account: { [`${account.ifsc_code}:${account.account_number}`]: check } },
  };
  await db
    .update(applications)
    .set({ data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb` })
    .where(where(id));
}

/** LAKSHMI DEVI's loan, DISBURSAL_READY, its statement acknowledged in `language`, with the three reviewers' tokens. */
export async function disbursalReady(ctx: TestContext, { language = 'en', account = ACCOUNT } = {}) {
  const { id, bcm, officer, offer } = await offerInPd2(ctx);
  await acknowledgeStatement(ctx.app, bcm, id, language);
  const accepted = await call(
    ctx.app,
    'PATCH',
    '/api/v1/bureau/bre',
    {
      application_id: id,
      updated_info: {
        final_suggested_loan_amount: offer.final_suggested_loan_amount,
        risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
        disbursement_date: offer.disbursement_date,
      },
      is_accepted: true,
    },
    { token: bcm },
  );
  expect(accepted.status, accepted.body.message).toBe(200);
  await withVerifiedAccount(ctx.db, id, account);
  const at = new Date(ctx.clock.now());
  await ctx.db.update(applications).set({ status: 'DISBURSAL_READY', agreement_signed_at: at, mandate_registered_at: at }).where(where(id));
  const [row] = await ctx.db.select({ created_by: applications.created_by }).from(applications).where(where(id));
  await ctx.db.insert(mandates).values({
    tenant_id: 'sahyog',
    id: 'f'.repeat(32),
    application_id: id,
    state: 'REGISTERED',
    account_number: account.account_number,
    ifsc: account.ifsc_code,
    max_amount_paise: 1_000_000,
    first_debit: '2026-02-05',
    last_debit: '2027-01-05',
    umrn: MANDATE_UMRN,
    created_by: row!.created_by,
    created_at: at,
    updated_at: at,
  });
  return { id, bcm, officer, bm: await login(ctx.app, ARJUN), offer: accepted.body.data };
}

export const requestPayout = (app: FastifyInstance, id: string, token: string, date = '2026-01-15', options: CallOptions = {}) =>
  post(app, `${BASE}/${id}/disbursement`, { disbursement_date: date }, { token, ...options });
export const approvePayout = (app: FastifyInstance, id: string, token: string, options: CallOptions = {}) =>
  post(app, `${BASE}/${id}/disbursement/approve`, {}, { token, ...options });

/** What "exactly once" counts for an application: payouts, UTRs recorded, moves to DISBURSED, events, texts. */
export async function onceCounts(db: Db, id: string) {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
  const [row] = await db.select({ status: applications.status }).from(applications).where(where(id));
  return {
    status: row!.status,
    utrs: await n(
      db
        .select({ n: count() })
        .from(disbursements)
        .where(and(eq(disbursements.application_id, id), sql`${disbursements.utr} is not null`)),
    ),
    movedToDisbursed: await n(
      db
        .select({ n: count() })
        .from(applicationEvents)
        .where(
          and(
            eq(applicationEvents.application_id, id),
            eq(applicationEvents.action, 'MOVED'),
            eq(applicationEvents.to_status, 'DISBURSED'),
          ),
        ),
    ),
    approvedEvents: await n(
      db
        .select({ n: count() })
        .from(applicationEvents)
        .where(and(eq(applicationEvents.application_id, id), eq(applicationEvents.action, 'DISBURSEMENT_APPROVED'))),
    ),
    loanDisbursed: await n(
      db
        .select({ n: count() })
        .from(loanEvents)
        .where(and(eq(loanEvents.application_id, id), eq(loanEvents.type, 'loan.disbursed'))),
    ),
    texts: await n(
      db
        .select({ n: count() })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.to, BORROWER), sql`${smsOutbox.text} like '%UTR%'`)),
    ),
  };
}

export const PAID_ONCE = { status: 'DISBURSED', utrs: 1, movedToDisbursed: 1, approvedEvents: 1, loanDisbursed: 1, texts: 1 };
