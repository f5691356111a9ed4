import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LoanDisclosures } from '../../domain/identity/profile';
import { LANGUAGES, type Language } from '../../domain/messages/languages';
import { QUEUE_PREDICATES } from './application-queues';

// Every tenant-owned table carries tenant_id, and its primary and unique keys start with it, so
// tenant_id can become the distribution key of a scaled-out Postgres (ARCHITECTURE.md).
// Times are written from the app's injected clock, never the database's now().

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type LoanPricingColumn = {
  interest_rate_pa: Record<string, number>;
  processing_fee_rate: number;
  gst_on_fee_rate: number;
  insurance_rate: number;
};

/** Per kind of paid call, the calls allowed in an hour per application, per user, and for guests (paid-call-quotas.ts Quota). */
export type QuotaOverridesColumn = Partial<
  Record<
    string,
    {
      per_application_hour?: number;
      per_user_hour?: number;
      per_guest_hour?: number;
      guests_per_address_hour?: number;
      guests_per_tenant_hour?: number;
    }
  >
>;

export const tenants = pgTable(
  'tenants',
  {
    key: text('key').primaryKey(),
    display_name: text('display_name').notNull(),
    theme_color: text('theme_color').notNull(),
    terms_url: text('terms_url').notNull(),
    privacy_url: text('privacy_url').notNull(),
    contact_url: text('contact_url').notNull(),
    pricing: jsonb('pricing').$type<LoanPricingColumn>().notNull(),
    /** Contingent charges, insurer, grievance officer, cooling-off days (migration 0009 seeds DECISIONS' defaults). */
    disclosures: jsonb('disclosures').$type<LoanDisclosures>().notNull(),
    /** The tenant's own quotas of paid calls, over the defaults (modules/rate-limit/paid-call-quotas.ts). */
    quotas: jsonb('quotas').$type<QuotaOverridesColumn>().notNull().default({}),
    /** Minutes without a touch before the app locks (domain/identity/app-lock.ts APP_LOCK_IDLE_MINUTES: its default and range); served in the tenant config. */
    app_lock_idle_minutes: integer('app_lock_idle_minutes').notNull().default(5),
    /** Days (YYYY-MM-DD) the tenant's branches are closed beyond Sundays and the national holidays (domain/offer/kfs-consent.ts): a Key Fact Statement's working days skip them. */
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    /** The tenant's standard clauses of the loan agreement by language (null: domain/offer/agreement-clauses.ts's defaults). */
    agreement_clauses: jsonb('agreement_clauses').$type<Partial<Record<Language, string[]>>>(),
  },
  (t) => [check('tenants_app_lock_idle_minutes_check', sql`${t.app_lock_idle_minutes} between 1 and 60`)],
);

export const users = pgTable(
  'users',
  {
    tenant_id: text('tenant_id')
      .notNull()
      .references(() => tenants.key),
    id: integer('id').generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    email: text('email'),
    role: text('role').notNull().default('MFI_EMPLOYEE'),
    /** The designation; null or any text (a designation outside the allowed three is refused at login). */
    mfi_employee: text('mfi_employee'),
    address: text('address'),
    pincode: text('pincode'),
    city: text('city'),
    state: text('state'),
    pan: text('pan'),
    aadhaar_front: text('aadhaar_front'),
    aadhaar_back: text('aadhaar_back'),
    cancelled_cheque: text('cancelled_cheque'),
    account_number: text('account_number'),
    bank_name: text('bank_name'),
    ifsc: text('ifsc'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'users_pk', columns: [t.tenant_id, t.id] }),
    unique('users_tenant_mobile_unique').on(t.tenant_id, t.mobile),
    // SELF_APPLY: the one system row per tenant that self-applications belong to until an officer
    // takes one over (guest-access.service.ts); no one can sign in as it (its mobile is no mobile).
    check('users_role_check', sql`${t.role} in ('MFI_EMPLOYEE', 'AGENT', 'SELF_APPLY')`),
  ],
);

export const otpSessions = pgTable(
  'otp_sessions',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    mobile: text('mobile').notNull(),
    /**
     * LOGIN: signs `user_id` in. APPLY_LOAN_MFI: a borrower's mobile checked by the officer
     * `user_id`. AADHAAR: the sandbox Aadhaar OTP (no user; `subject` names the persona). KFS_ACK: the borrower's
     * acknowledgement of a Key Fact Statement sent by the officer `user_id` (`subject`: application id and statement number).
     */
    purpose: text('purpose').notNull().default('LOGIN'),
    user_id: integer('user_id'),
    subject: text('subject'),
    /** HMAC-SHA256 of the code keyed by otp_salt; the code itself is never stored here. */
    otp_hash: text('otp_hash').notNull(),
    otp_salt: text('otp_salt').notNull(),
    otp_expires_at: at('otp_expires_at').notNull(),
    last_sent_at: at('last_sent_at').notNull(),
    wrong_attempts: integer('wrong_attempts').notNull().default(0),
    state: text('state').notNull().default('active'),
    created_at: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'otp_sessions_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({ name: 'otp_sessions_user_fk', columns: [t.tenant_id, t.user_id], foreignColumns: [users.tenant_id, users.id] }),
    check('otp_sessions_state_check', sql`${t.state} in ('active', 'dead', 'used')`),
    check('otp_sessions_purpose_check', sql`${t.purpose} in ('LOGIN', 'APPLY_LOAN_MFI', 'AADHAAR', 'KFS_ACK', 'ESIGN', 'MANDATE')`),
  ],
);

export const otpSends = pgTable(
  'otp_sends',
  {
    tenant_id: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    client_address: text('client_address').notNull(),
    sent_at: at('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'otp_sends_pk', columns: [t.tenant_id, t.id] }),
    index('otp_sends_mobile_idx').on(t.tenant_id, t.mobile, t.sent_at),
    index('otp_sends_address_idx').on(t.tenant_id, t.client_address, t.sent_at),
    // The mobile's sends are counted across tenants (otp-limits.service.ts).
    index('otp_sends_mobile_all_tenants_idx').on(t.mobile, t.sent_at),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    tenant_id: text('tenant_id').notNull(),
    /** SHA-256 (hex) of the token; the token itself is only ever in the client's hands. */
    token_hash: char('token_hash', { length: 64 }).notNull(),
    /** Names the session where the token must not appear (file links are bound to it); not a credential. */
    session_id: uuid('session_id').notNull().defaultRandom(),
    user_id: integer('user_id').notNull(),
    /** SHA-256 of the client identifier and device id it signed in from: a new login there revokes this one. */
    device: char('device', { length: 64 }),
    /** A short label of the phone ('Android · Chrome 156', domain deviceLabel), so a manager marks the right one lost. */
    device_label: text('device_label'),
    /** The session's absolute lifetime runs from here (TOKEN_MAX_DAYS), however recently it was used. */
    created_at: at('created_at').notNull(),
    last_used_at: at('last_used_at').notNull(),
    revoked_at: at('revoked_at'),
    /**
     * SHA-256 of the session's send-only credential (issue 31 S3): what a locked phone and its
     * service worker hold in clear. It delivers sealed outbox items of this session and nothing
     * else (http/auth-guards.ts), and dies with the session (logout, expiry, device marked lost).
     */
    send_token_hash: char('send_token_hash', { length: 64 }),
  },
  (t) => [
    primaryKey({ name: 'auth_tokens_pk', columns: [t.tenant_id, t.token_hash] }),
    unique('auth_tokens_send_unique').on(t.tenant_id, t.send_token_hash),
    foreignKey({ name: 'auth_tokens_user_fk', columns: [t.tenant_id, t.user_id], foreignColumns: [users.tenant_id, users.id] }),
    index('auth_tokens_user_idx').on(t.tenant_id, t.user_id),
    unique('auth_tokens_session_unique').on(t.tenant_id, t.session_id),
  ],
);

/**
 * A session revoked because a branch manager marked its device lost (issue 31 W1). The phone may
 * still deliver what its outbox holds sealed for the server, under that session, for
 * LOST_DEVICE_DELIVERY_MS from its first contact after the marking (http/lost-device.ts), and then
 * reports how many items it could not send; the manager's device view shows both counts.
 */
export const deviceLosses = pgTable(
  'device_losses',
  {
    tenant_id: text('tenant_id').notNull(),
    /** The revoked session's token hash (auth_tokens.token_hash). */
    token_hash: char('token_hash', { length: 64 }).notNull(),
    user_id: integer('user_id').notNull(),
    device: char('device', { length: 64 }).notNull(),
    marked_at: at('marked_at').notNull(),
    /** The branch manager who marked it. */
    marked_by: integer('marked_by').notNull(),
    /** The session's first contact after the marking: the delivery window runs from here. */
    contact_at: at('contact_at'),
    /** Sealed outbox requests the server answered 2xx under this session after the marking. */
    received: integer('received').notNull().default(0),
    /** What the phone reported it could not send (deleted unsent), and when: the report closes the window. */
    unsent: integer('unsent'),
    wiped_at: at('wiped_at'),
  },
  (t) => [
    primaryKey({ name: 'device_losses_pk', columns: [t.tenant_id, t.token_hash] }),
    index('device_losses_device_idx').on(t.tenant_id, t.user_id, t.device),
  ],
);

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    tenant_id: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    otp: text('otp'),
    sent_at: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'sms_outbox_pk', columns: [t.tenant_id, t.id] }), index('sms_outbox_to_idx').on(t.tenant_id, t.to, t.sent_at)],
);

export const applications = pgTable(
  'applications',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    created_by: integer('created_by').notNull(),
    status: text('status').notNull().default('DRAFT'),
    /** External loan id: tenant prefix + 10 digits (DECISIONS.md), set at creation. */
    tracker_id: text('tracker_id'),
    /** The borrower's verified mobile, indexed for the complete-application lookup. */
    phone: text('phone'),
    /**
     * The borrower's language (issue 37): the public flow's at apply time, or the officer's pick
     * (the borrower step, the statement sent); the default of the KFS, the SMS and the documents.
     * Null: not recorded (English). The officer's own language is the app's, not this.
     */
    borrower_language: text('borrower_language'),
    /** Completed stages (spec 02 §4), in the order first reached. */
    stage: jsonb('stage').$type<string[]>().notNull().default([]),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
    /**
     * The borrower's name as words for the list's search (prefix of any word, or of the whole
     * name): computed by the database from `data.name`, so every writer of the name keeps it.
     */
    name_search: tsvector('name_search').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, coalesce(data->>'name', ''))`),
    /** When the officer resubmitted after a PD1 review (POST /:id/resubmit); every status move clears it. */
    resubmitted_at: at('resubmitted_at'),
    /** When the last signer e-signed the loan agreement (issue 33); with the mandate's, the status after APPROVED. */
    agreement_signed_at: at('agreement_signed_at'),
    /** When the e-NACH mandate was registered (issue 33). */
    mandate_registered_at: at('mandate_registered_at'),
    /**
     * The last move to another status (its MOVED entry's time), or the creation: the start of the
     * wait in its queue (the dashboard's ageing, issue 36). Kept by triggers (migration
     * insights_rollups); the default never stays.
     */
    moved_at: at('moved_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: 'applications_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({ name: 'applications_creator_fk', columns: [t.tenant_id, t.created_by], foreignColumns: [users.tenant_id, users.id] }),
    index('applications_creator_idx').on(t.tenant_id, t.created_by),
    index('applications_phone_idx').on(t.tenant_id, t.phone),
    uniqueIndex('applications_tracker_uq').on(t.tenant_id, t.tracker_id),
    check('applications_borrower_language_check', sql.raw(`borrower_language in (${LANGUAGES.map((l) => `'${l}'`).join(', ')})`)),
    // The applications list (applications-list.service.ts): newest change first, by scope, status or queue.
    index('applications_updated_idx').on(t.tenant_id, t.updated_at.desc(), t.id.desc()),
    index('applications_creator_updated_idx').on(t.tenant_id, t.created_by, t.updated_at.desc(), t.id.desc()),
    index('applications_status_updated_idx').on(t.tenant_id, t.status, t.updated_at.desc(), t.id.desc()),
    index('applications_bcm_queue_idx')
      .on(t.tenant_id, t.updated_at.desc(), t.id.desc())
      .where(sql.raw(QUEUE_PREDICATES.BRANCH_CREDIT_MANAGER)),
    index('applications_bm_queue_idx').on(t.tenant_id, t.updated_at.desc(), t.id.desc()).where(sql.raw(QUEUE_PREDICATES.BRANCH_MANAGER)),
    index('applications_name_search_idx').using('gin', t.name_search),
    index('applications_phone_prefix_idx').using('btree', t.tenant_id, sql`${t.phone} text_pattern_ops`),
    index('applications_tracker_prefix_idx').using('btree', t.tenant_id, sql`${t.tracker_id} text_pattern_ops`),
    // The dashboard's ageing (insights.queries.ts): each queue's waits by when they started, a range count each.
    ...Object.entries(QUEUE_PREDICATES).map(([queue, predicate]) =>
      index(`applications_${queue.toLowerCase()}_moved_idx`).on(t.tenant_id, t.moved_at).where(sql.raw(predicate)),
    ),
  ],
);

/**
 * The history of an application (DECISIONS "Review workflow"): every status move, resubmission
 * and deviation decision, with who made it and when; written in the transaction of the change.
 */
export const applicationEvents = pgTable(
  'application_events',
  {
    tenant_id: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    application_id: char('application_id', { length: 32 }).notNull(),
    at: at('at').notNull(),
    actor_id: integer('actor_id').notNull(),
    /** The actor's designation when they acted (a designation may change later). */
    actor_designation: text('actor_designation'),
    action: text('action').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status'),
    remarks: text('remarks'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ name: 'application_events_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({
      name: 'application_events_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    foreignKey({ name: 'application_events_actor_fk', columns: [t.tenant_id, t.actor_id], foreignColumns: [users.tenant_id, users.id] }),
    index('application_events_application_idx').on(t.tenant_id, t.application_id, t.at, t.id),
    // The dashboard's deviation decisions of a range (insights.queries.ts).
    index('application_events_deviation_idx')
      .on(t.tenant_id, t.at)
      .where(sql`${t.action} in ('DEVIATION_APPROVED', 'DEVIATION_REJECTED')`),
    check(
      'application_events_action_check',
      sql`${t.action} in ('MOVED', 'RESUBMITTED', 'DEVIATION_APPROVED', 'DEVIATION_REJECTED', 'BANK_ACCOUNT_CHANGED', 'OFFER_ACCEPTED', 'SELF_SUBMITTED', 'TAKEN_OVER', 'KFS_ACKNOWLEDGED', 'OFFER_VOIDED', 'GUARANTOR_REPLACED', 'AGREEMENT_CREATED', 'AGREEMENT_ESIGNED', 'MANDATE_ATTEMPTED', 'MANDATE_REGISTERED', 'DISBURSEMENT_REQUESTED', 'DISBURSEMENT_APPROVED', 'PAYOUT_FAILED', 'COOLING_OFF_EXIT')`,
    ),
  ],
);

export type ApplicationEventRow = typeof applicationEvents.$inferSelect;

/**
 * The milestones of each application (issue 36, docs/insights.md): when it first reached each step
 * of the funnel, its latest rejection and by whom, how often it was sent back, when it last moved,
 * kept by triggers on applications and application_events (migration insights_milestones), so the
 * dashboard reads one narrow row per application instead of its whole history.
 */
export const applicationMilestones = pgTable(
  'application_milestones',
  {
    tenant_id: text('tenant_id').notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    created_by: integer('created_by').notNull(),
    created_at: at('created_at').notNull(),
    left_draft_at: at('left_draft_at'),
    pd1_complete_at: at('pd1_complete_at'),
    pd2_complete_at: at('pd2_complete_at'),
    approved_at: at('approved_at'),
    agreement_signed_at: at('agreement_signed_at'),
    disbursal_ready_at: at('disbursal_ready_at'),
    disbursed_at: at('disbursed_at'),
    cancelled_at: at('cancelled_at'),
    rejected_at: at('rejected_at'),
    /** BUREAU, BRE or REVIEWER: who decided the latest rejection. */
    rejected_by: text('rejected_by'),
    sent_back: integer('sent_back').notNull().default(0),
    /**
     * The working seconds of each turnaround stage (TURNAROUND_STAGES: created to PD1 complete, PD1
     * to PD2 complete, PD2 complete to approved, approved to agreement signed, agreement signed to
     * disbursed), null until both ends are reached: Sundays, national holidays and the tenant's
     * `holidays` left out. Kept by a trigger, recomputed when the tenant's holidays change.
     */
    draft_seconds: doublePrecision('draft_seconds'),
    pd1_seconds: doublePrecision('pd1_seconds'),
    pd2_seconds: doublePrecision('pd2_seconds'),
    agreement_seconds: doublePrecision('agreement_seconds'),
    disbursal_seconds: doublePrecision('disbursal_seconds'),
  },
  (t) => [
    primaryKey({ name: 'application_milestones_pk', columns: [t.tenant_id, t.application_id] }),
    foreignKey({
      name: 'application_milestones_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }).onDelete('cascade'),
    // The stages' seconds too, so the turnaround's percentiles read the index alone (an index-only scan).
    index('application_milestones_created_idx').on(
      t.tenant_id,
      t.created_at,
      t.draft_seconds,
      t.pd1_seconds,
      t.pd2_seconds,
      t.agreement_seconds,
      t.disbursal_seconds,
    ),
    index('application_milestones_officer_created_idx').on(t.tenant_id, t.created_by, t.created_at),
  ],
);

/**
 * The dashboard's counts per tenant, officer (the creator) and India's day of creation (issue 36):
 * of the applications created that day, how many reached each milestone, were rejected by whom,
 * were sent back. Kept from application_milestones by a trigger in the writing transaction
 * (migration insights_rollups), so a 90-day range reads about 90 rows per officer.
 */
export const applicationCohortCounts = pgTable(
  'application_cohort_counts',
  {
    tenant_id: text('tenant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    created_by: integer('created_by').notNull(),
    created: integer('created').notNull(),
    left_draft: integer('left_draft').notNull(),
    pd1_complete: integer('pd1_complete').notNull(),
    pd2_complete: integer('pd2_complete').notNull(),
    approved: integer('approved').notNull(),
    agreement_signed: integer('agreement_signed').notNull(),
    disbursal_ready: integer('disbursal_ready').notNull(),
    disbursed: integer('disbursed').notNull(),
    cancelled: integer('cancelled').notNull(),
    rejected_bureau: integer('rejected_bureau').notNull(),
    rejected_bre: integer('rejected_bre').notNull(),
    rejected_reviewer: integer('rejected_reviewer').notNull(),
    sent_back: integer('sent_back').notNull(),
  },
  (t) => [primaryKey({ name: 'application_cohort_counts_pk', columns: [t.tenant_id, t.day, t.created_by] })],
);

/**
 * How many applications each officer has in each status (and, for the branch manager's queue,
 * with every PD1 stage / resubmitted), kept by a trigger on applications (migration 0006), so the
 * dashboard count and the list's totals without a search are a sum of a few rows, not a count of
 * 100,000 (applications-list.service.ts).
 */
export const applicationCounts = pgTable(
  'application_counts',
  {
    tenant_id: text('tenant_id').notNull(),
    created_by: integer('created_by').notNull(),
    status: text('status').notNull(),
    pd1_captured: boolean('pd1_captured').notNull(),
    resubmitted: boolean('resubmitted').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'application_counts_pk', columns: [t.tenant_id, t.created_by, t.status, t.pd1_captured, t.resubmitted] })],
);

/** Co-borrowers and guarantors of an application (spec 02 §3); `id` may be generated by the phone. */
export const coApplicants = pgTable(
  'co_applicants',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    type: text('type').notNull(),
    /** ACTIVE, REJECTED (bureau) or REPLACED (a rejected guarantor someone replaced). */
    status: text('status').notNull(),
    replaces_id: char('replaces_id', { length: 32 }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_by: integer('created_by').notNull(),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'co_applicants_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({
      name: 'co_applicants_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    index('co_applicants_application_idx').on(t.tenant_id, t.application_id),
  ],
);

/** Family members of the borrower (spec 02 §3); `id` may be generated by the phone. */
export const familyMembers = pgTable(
  'family_members',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_by: integer('created_by').notNull(),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'family_members_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({
      name: 'family_members_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    index('family_members_application_idx').on(t.tenant_id, t.application_id),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;
export type CoApplicantRow = typeof coApplicants.$inferSelect;
export type FamilyMemberRow = typeof familyMembers.$inferSelect;

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenant_id: text('tenant_id').notNull(),
    /** Whose key it is: `u<user id>` for a signed-in caller, `public` otherwise. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: char('fingerprint', { length: 64 }).notNull(),
    state: text('state').notNull().default('running'),
    status_code: integer('status_code'),
    content_type: text('content_type'),
    response_body: text('response_body'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.tenant_id, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.tenant_id, t.created_at),
    check('idempotency_keys_state_check', sql`${t.state} in ('running', 'done')`),
  ],
);

export const files = pgTable(
  'files',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    /** Random name under the uploads directory; never derived from the client's file name. */
    storage_name: text('storage_name').notNull(),
    original_name: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    purpose: text('purpose').notNull(),
    file_type: text('file_type'),
    upload_type: text('upload_type'),
    application_id: char('application_id', { length: 32 }),
    record_index: integer('record_index'),
    uploaded_by: integer('uploaded_by'),
    client_address: text('client_address'),
    /** Set when a join-us request claims the file; unclaimed public uploads are removed after 24 h. */
    attached_at: at('attached_at'),
    created_at: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'files_pk', columns: [t.tenant_id, t.id] }),
    index('files_application_idx').on(t.tenant_id, t.application_id),
    // The byte budget of public uploads (public-upload-budget.ts): per tenant and per address, by day.
    index('files_public_budget_idx').on(t.tenant_id, t.purpose, t.client_address, t.created_at),
  ],
);

export type FileRow = typeof files.$inferSelect;

/** Partner registrations (spec 01 §2 Join us); the files they name are `files` rows with purpose JOIN_US. */
export const joinUsRequests = pgTable(
  'join_us_requests',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    mobile: text('mobile').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    business_name: text('business_name'),
    gst_number: text('gst_number'),
    email: text('email').notNull(),
    pincode: text('pincode').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    address: text('address').notNull(),
    bank_name: text('bank_name').notNull(),
    account_number: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    /** File ids (files.id of this tenant). */
    pan: char('pan', { length: 32 }).notNull(),
    aadhaar_front: char('aadhaar_front', { length: 32 }).notNull(),
    aadhaar_back: char('aadhaar_back', { length: 32 }).notNull(),
    cancelled_cheque: char('cancelled_cheque', { length: 32 }).notNull(),
    gst: char('gst', { length: 32 }),
    status: text('status').notNull().default('RECEIVED'),
    rejection_reason: text('rejection_reason'),
    /** The branch manager who moved it to verification, and the one who approved or rejected it. */
    verified_by: integer('verified_by'),
    verified_at: at('verified_at'),
    decided_by: integer('decided_by'),
    decided_at: at('decided_at'),
    /** The AGENT user made on approval. */
    user_id: integer('user_id'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'join_us_requests_pk', columns: [t.tenant_id, t.id] }),
    // One request in progress per mobile: concurrent submissions cannot both insert one.
    uniqueIndex('join_us_requests_pending_mobile_unique')
      .on(t.tenant_id, t.mobile)
      .where(sql`status in ('RECEIVED', 'UNDER_VERIFICATION')`),
    index('join_us_requests_mobile_idx').on(t.tenant_id, t.mobile, t.created_at),
    index('join_us_requests_status_idx').on(t.tenant_id, t.status, t.created_at),
    check('join_us_requests_status_check', sql`${t.status} in ('RECEIVED', 'UNDER_VERIFICATION', 'APPROVED', 'REJECTED')`),
    foreignKey({ name: 'join_us_requests_user_fk', columns: [t.tenant_id, t.user_id], foreignColumns: [users.tenant_id, users.id] }),
  ],
);

export type JoinUsRequestRow = typeof joinUsRequests.$inferSelect;

/**
 * Hits counted by the database-backed rate limits (so every API node sees the same counts):
 * one row per allowed hit of a bucket ('join-us:address', 'join-us:mobile') and key.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    tenant_id: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: at('at').notNull(),
    /** The hit's number among its key's hits (1, 2, …): a window's count is its newest hit's number less its oldest's, plus one. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_hits_pk', columns: [t.tenant_id, t.id] }),
    // A window's oldest hit is the first entry after its start, ties in time by number: one probe.
    index('rate_limit_hits_key_idx').on(t.tenant_id, t.bucket, t.key, t.at, t.seq),
    uniqueIndex('rate_limit_hits_seq_uq').on(t.tenant_id, t.bucket, t.key, t.seq),
  ],
);

/**
 * One row per periodic job and time slot, claimed by the first API node whose timer fires in
 * that slot: a job runs once per slot however many nodes are up. Not tenant data.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    slot: at('slot').notNull(),
    claimed_at: at('claimed_at').notNull(),
  },
  (t) => [primaryKey({ name: 'job_runs_pk', columns: [t.job, t.slot] })],
);

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

/**
 * Tokens of the public applicant flow (DECISIONS "Public applicant flow"): one mobile's one
 * self-application in one tenant; 24 h idle; revoked when an officer takes the application over.
 */
export const guestTokens = pgTable(
  'guest_tokens',
  {
    tenant_id: text('tenant_id').notNull(),
    /** SHA-256 (hex) of the token; the token itself is only on the borrower's phone. */
    token_hash: char('token_hash', { length: 64 }).notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    mobile: text('mobile').notNull(),
    created_at: at('created_at').notNull(),
    last_used_at: at('last_used_at').notNull(),
    revoked_at: at('revoked_at'),
  },
  (t) => [
    primaryKey({ name: 'guest_tokens_pk', columns: [t.tenant_id, t.token_hash] }),
    foreignKey({
      name: 'guest_tokens_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    index('guest_tokens_application_idx').on(t.tenant_id, t.application_id),
  ],
);

/**
 * The versions of each record a step writes (issue 32): the application's steps (`borrower`,
 * `kyc`, `business`, ...), each co-applicant (`co_applicant:<id>`), family member, CPV section and
 * the references. One row per write, append-only: who, when, from which session, the fields it
 * changed, how it was applied, and the record's values after it (in the request's shape; an
 * Aadhaar number sealed as on applications), which later writes merge against (record-versions/).
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    tenant_id: text('tenant_id').notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    record_key: text('record_key').notNull(),
    version: integer('version').notNull(),
    at: at('at').notNull(),
    actor_id: integer('actor_id').notNull(),
    /** The session (auth_tokens.id) that wrote it: its device. */
    session_id: text('session_id'),
    /** WRITE (conditional, nothing in parallel), MERGED, CONFLICT (applied in part), UNCONDITIONAL (no If-Match), RESOLVED, DELETED. */
    kind: text('kind').notNull(),
    base_version: integer('base_version'),
    changed_fields: jsonb('changed_fields').$type<string[]>().notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** merged_fields; conflicts (field, changed_by, changed_at: no values); a resolution's choices. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ name: 'record_versions_pk', columns: [t.tenant_id, t.application_id, t.record_key, t.version] }),
    foreignKey({
      name: 'record_versions_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    check('record_versions_kind_check', sql`${t.kind} in ('WRITE', 'MERGED', 'CONFLICT', 'UNCONDITIONAL', 'RESOLVED', 'DELETED')`),
  ],
);

export type RecordVersionRow = typeof recordVersions.$inferSelect;

/**
 * Each record's head: its latest version with its values (as in record_versions), and the claim of
 * the one write merging into it now (record-versions/). A write claims the head (until
 * `claimed_until`, should its node die), merges against it, is applied, and appends the next
 * version, which moves the head and lets go, in one statement. Kept in the database, so two nodes
 * never merge into one record at once; the claim answers the head's own columns, which a waiting
 * claim reads as the write before it left them.
 */
export const recordClaims = pgTable(
  'record_claims',
  {
    tenant_id: text('tenant_id').notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    record_key: text('record_key').notNull(),
    version: integer('version').notNull().default(0),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    claim: text('claim'),
    claimed_until: at('claimed_until'),
  },
  (t) => [primaryKey({ name: 'record_claims_pk', columns: [t.tenant_id, t.application_id, t.record_key] })],
);

/**
 * Events for the lender's loan-management system (issue 34), written in the transaction of the
 * change they report (a transactional outbox): a rolled-back change leaves no event. Delivered at
 * least once by the webhooks module, each with its `id` as the event id the receiver de-duplicates on.
 */
export const loanEvents = pgTable(
  'loan_events',
  {
    tenant_id: text('tenant_id').notNull(),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    created_at: at('created_at').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // Webhook delivery (modules/webhooks): 'pending' until a 2xx ('delivered') or past its 72 hours ('failed').
    delivery_state: text('delivery_state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due (null: at created_at); also the lease of an attempt under way. */
    next_attempt_at: at('next_attempt_at'),
    /** The end of the retry window (null: created_at + 72 h); a redelivery opens a new one. */
    deliver_until: at('deliver_until'),
    delivered_at: at('delivered_at'),
  },
  (t) => [
    primaryKey({ name: 'loan_events_pk', columns: [t.tenant_id, t.id] }),
    index('loan_events_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.delivery_state} = 'pending'`),
    check('loan_events_delivery_state_check', sql`${t.delivery_state} in ('pending', 'delivered', 'failed')`),
    foreignKey({
      name: 'loan_events_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    index('loan_events_created_idx').on(t.tenant_id, t.created_at),
    check('loan_events_type_check', sql`${t.type} in ('loan.disbursed', 'loan.cancelled')`),
  ],
);

export type LoanEventRow = typeof loanEvents.$inferSelect;

/** Each attempt to deliver a loan event to the tenant's webhook: its time, duration, and the status code or the error. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenant_id: text('tenant_id').notNull(),
    event_id: uuid('event_id').notNull(),
    attempt: integer('attempt').notNull(),
    attempted_at: at('attempted_at').notNull(),
    duration_ms: integer('duration_ms').notNull(),
    status_code: integer('status_code'),
    /** Why no answer came (refused, timed out, address not allowed); null when a status code did. */
    error: text('error'),
  },
  (t) => [
    primaryKey({ name: 'webhook_deliveries_pk', columns: [t.tenant_id, t.event_id, t.attempt] }),
    foreignKey({
      name: 'webhook_deliveries_event_fk',
      columns: [t.tenant_id, t.event_id],
      foreignColumns: [loanEvents.tenant_id, loanEvents.id],
    }).onDelete('cascade'),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
/**
 * The payouts of an application's loan (issue 34), one row per attempt: the credit manager's
 * request (the maker), the branch manager's approval (the checker) and the provider's answer. At
 * most one attempt per application is live (REQUESTED, PENDING or PAID): the partial unique index
 * is the "one payout per application" of DECISIONS.md, whatever the number of API nodes; a FAILED
 * one is kept beside the next request. `reference` is the payout's own reference at the provider,
 * so a retry is the same payout. The paid row keeps the loan's final schedule and, if the borrower
 * exits in the cooling-off period, that exit.
 */
export const disbursements = pgTable(
  'disbursements',
  {
    tenant_id: text('tenant_id').notNull(),
    reference: text('reference').notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    attempt: integer('attempt').notNull(),
    /** REQUESTED (maker), PENDING (sent or being sent; the provider's answer unknown), PAID, FAILED. */
    state: text('state').notNull(),
    amount_paise: bigint('amount_paise', { mode: 'number' }).notNull(),
    ifsc: text('ifsc').notNull(),
    account_number: text('account_number').notNull(),
    beneficiary_name: text('beneficiary_name').notNull(),
    /** YYYY-MM-DD: the Key Fact Statement's disbursement date the request was made for. */
    disbursement_date: text('disbursement_date').notNull(),
    requested_by: integer('requested_by').notNull(),
    requested_at: at('requested_at').notNull(),
    approved_by: integer('approved_by'),
    approved_at: at('approved_at'),
    /** The last time the provider was asked for this reference's status. */
    checked_at: at('checked_at'),
    utr: text('utr'),
    settled_at: at('settled_at'),
    failure_reason: text('failure_reason'),
    /** The Key Fact Statement's figures and Annex C on the actual date of the payout (KeyFactsView). */
    final_schedule: jsonb('final_schedule').$type<Record<string, unknown>>(),
    /** The borrower's cooling-off exit: the amount, its working and its receipt. */
    cooling_off_exit: jsonb('cooling_off_exit').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ name: 'disbursements_pk', columns: [t.tenant_id, t.reference] }),
    uniqueIndex('disbursements_live_uq')
      .on(t.tenant_id, t.application_id)
      .where(sql`state <> 'FAILED'`),
    unique('disbursements_attempt_uq').on(t.tenant_id, t.application_id, t.attempt),
    index('disbursements_pending_idx').on(t.state, t.approved_at),
    foreignKey({
      name: 'disbursements_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    check('disbursements_state_check', sql`${t.state} in ('REQUESTED', 'PENDING', 'PAID', 'FAILED')`),
    check('disbursements_amount_check', sql`${t.amount_paise} > 0`),
  ],
);

export type DisbursementRow = typeof disbursements.$inferSelect;

/**
 * The payout sandbox's own ledger (providers/payout/sandbox-payout.provider.ts): what the
 * pretend bank has done, by reference, in the database so every API node and a restart see it.
 * The primary key is why it never pays a reference twice.
 */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    tenant_id: text('tenant_id').notNull(),
    reference: text('reference').notNull(),
    amount_paise: bigint('amount_paise', { mode: 'number' }).notNull(),
    ifsc: text('ifsc').notNull(),
    account_last4: text('account_last4').notNull(),
    /** PAID or FAILED. */
    status: text('status').notNull(),
    utr: text('utr'),
    reason: text('reason'),
    created_at: at('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'sandbox_payouts_pk', columns: [t.tenant_id, t.reference] })],
);

/**
 * The sanction letter and loan agreement of an application (issue 33): one per application, made
 * again (same row, signers anew) only while nobody has signed. `storage_name` is the current file
 * in the file storage: the unsigned PDF, then after each signature the PDF with it appended.
 */
export const agreements = pgTable(
  'agreements',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    number: text('number').notNull(),
    /** PENDING until every signer has signed, then SIGNED. */
    state: text('state').notNull(),
    language: text('language').notNull(),
    kfs_number: text('kfs_number').notNull(),
    kfs_hash: char('kfs_hash', { length: 64 }).notNull(),
    storage_name: text('storage_name').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    created_by: integer('created_by').notNull(),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'agreements_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({
      name: 'agreements_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    uniqueIndex('agreements_application_uq').on(t.tenant_id, t.application_id),
    check('agreements_state_check', sql`${t.state} in ('PENDING', 'SIGNED')`),
    check('agreements_language_check', sql.raw(`language in (${LANGUAGES.map((l) => `'${l}'`).join(', ')})`)),
  ],
);

export type AgreementRow = typeof agreements.$inferSelect;

/** Who signs an agreement, in signing order: the borrower, each active co-borrower and guarantor. */
export const agreementSigners = pgTable(
  'agreement_signers',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    agreement_id: char('agreement_id', { length: 32 }).notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    /** The co_applicants row of a co-borrower or guarantor; null for the borrower. */
    person_id: char('person_id', { length: 32 }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    state: text('state').notNull(),
    signed_at: at('signed_at'),
    /** The sandbox or provider certificate's serial and issuer of the signature. */
    certificate: jsonb('certificate').$type<{ serial: string; issuer: string; subject: string }>(),
  },
  (t) => [
    primaryKey({ name: 'agreement_signers_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({
      name: 'agreement_signers_agreement_fk',
      columns: [t.tenant_id, t.agreement_id],
      foreignColumns: [agreements.tenant_id, agreements.id],
    }).onDelete('cascade'),
    uniqueIndex('agreement_signers_position_uq').on(t.tenant_id, t.agreement_id, t.position),
    check('agreement_signers_kind_check', sql`${t.kind} in ('BORROWER', 'CO_BORROWER', 'GUARANTOR')`),
    check('agreement_signers_state_check', sql`${t.state} in ('PENDING', 'SIGNED')`),
  ],
);

export type AgreementSignerRow = typeof agreementSigners.$inferSelect;

/**
 * The e-NACH mandate of an application (issue 33, docs/mandate.md): one row per attempt to
 * register it with the borrower's bank. PENDING waits for the borrower's authorisation
 * (session_id: the bank's OTP session); REGISTERED carries the bank's UMRN; REJECTED and EXPIRED
 * ended without one and may be tried again by a new attempt. At most one REGISTERED row per
 * application, enforced by the partial unique index.
 */
export const mandates = pgTable(
  'mandates',
  {
    tenant_id: text('tenant_id').notNull(),
    id: char('id', { length: 32 }).notNull(),
    application_id: char('application_id', { length: 32 }).notNull(),
    /** The order of the attempts (two may start in the same millisecond of the injected clock). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    state: text('state').notNull(),
    /** The verified bank account debited (the penny-dropped one) and its IFSC. */
    account_number: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    /** The most one debit may take, in paise; the first and last debit dates (YYYY-MM-DD). */
    max_amount_paise: bigint('max_amount_paise', { mode: 'number' }).notNull(),
    first_debit: text('first_debit').notNull(),
    last_debit: text('last_debit').notNull(),
    session_id: char('session_id', { length: 32 }),
    umrn: text('umrn'),
    /** Why the bank rejected it or why it ended (REJECTED, EXPIRED). */
    reason: text('reason'),
    created_by: integer('created_by').notNull(),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'mandates_pk', columns: [t.tenant_id, t.id] }),
    foreignKey({
      name: 'mandates_application_fk',
      columns: [t.tenant_id, t.application_id],
      foreignColumns: [applications.tenant_id, applications.id],
    }),
    foreignKey({ name: 'mandates_creator_fk', columns: [t.tenant_id, t.created_by], foreignColumns: [users.tenant_id, users.id] }),
    index('mandates_application_idx').on(t.tenant_id, t.application_id, t.seq),
    uniqueIndex('mandates_session_unique').on(t.tenant_id, t.session_id),
    uniqueIndex('mandates_one_registered')
      .on(t.tenant_id, t.application_id)
      .where(sql`${t.state} = 'REGISTERED'`),
    check('mandates_state_check', sql`${t.state} in ('PENDING', 'REGISTERED', 'REJECTED', 'EXPIRED')`),
    check('mandates_umrn_check', sql`(${t.state} = 'REGISTERED') = (${t.umrn} is not null)`),
  ],
);

export type MandateRow = typeof mandates.$inferSelect;
