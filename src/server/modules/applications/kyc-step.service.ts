import { and, eq, sql } from 'drizzle-orm';
import { checkTransition, type ApplicationView, type KycForm, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { decodeRow, preparedOnce, preparedSql } from '../../db/prepared';
import { applications, tenants, type ApplicationRow, type QuotaOverridesColumn } from '../../db/schema';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { spendQuota } from '../rate-limit/paid-call-quotas';
import type { BureauResult } from '../../providers/bureau/bureau-provider';
import type { AuthUser } from '../../types';
import { claimedAmong, fileIdCandidates, fileRefsRefusal, recordFileRefusal, referencedAmong, refsOf } from '../../kernels/files';
import { accessTo, loadApplicationFor, refusalBeforeLookup, withStage } from '../../kernels/access';
import { isObject } from '../../../domain/shared/is-object';
import { type ApplicationDeps, type StepCall } from './application-deps';
import { applicationView, recordsColumns, viewOfRawRow } from './application-view.service';
import { APPLICATION_MSG } from './applications.messages';
import { recordEvent } from '../../kernels/history';

const FILE_FIELDS = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file', 'voter_id_back_file'] as const;
const ph = sql.placeholder;

/**
 * The application, which of the form's file ids are its uploads and which are files of its other
 * records (a co-applicant's, a family member's: file-references.ts), and the tenant's quotas of paid calls.
 */
const loadStatement = (db: Db) =>
  preparedOnce(db, 'kyc_load', () =>
    db
      .select({
        application: applications,
        uploaded: referencedAmong(ph('tenant'), ph('id'), ph('fileIds')),
        claimed: claimedAmong(ph('tenant'), ph('id'), sql`'{}'`, ph('fileIds')),
        quotas: sql<QuotaOverridesColumn | null>`(select ${tenants.quotas} from ${tenants} where ${tenants.key} = ${ph('tenant')})`,
      })
      .from(applications)
      .where(and(eq(applications.tenant_id, ph('tenant')), eq(applications.id, ph('id'))))
      .prepare('kyc_load'),
  );

/**
 * The write: one conditional update in place of a transaction that locked and re-read the row.
 * It applies only while the row still has the PAN the bureau was asked about and the status the
 * checks passed on; an update waiting on a concurrent writer re-checks that on the row it wrote.
 * The same statement answers the written row with its records (application-view.service.ts).
 */
const writeStatement = (db: Db) =>
  preparedSql(
    db,
    'kyc_write',
    () => sql`
      with written as (
        update ${applications}
        set data = ${applications.data} || ${ph('patch')}::jsonb, stage = ${withStage('BORROWER_BASIC_INFO')},
          status = ${ph('status')}, updated_at = ${ph('at')}::timestamptz
        where ${applications.tenant_id} = ${ph('tenant')} and ${applications.id} = ${ph('id')} and ${applications.status} = ${ph('was')}
          and ${applications.data}->'pan' = to_jsonb(${ph('pan')}::text)
        returning *
      )
      select written.*, ${recordsColumns} from written`,
  );

/** What a bureau answer writes on the application: a rejection rejects it, with the reasons. */
function bureauPatch(result: BureauResult): Record<string, unknown> {
  const rejected = result.decision === 'REJECTED';
  return { approval_checks: result, bureau_deviation_exists: rejected, rejection_reason: rejected ? result.reasons.join(', ') : null };
}

/** What the KYC submit loads before its body is validated: the application, the form's files among its uploads and other records' files, the quotas. */
export type KycLoaded = { application: ApplicationRow; uploaded: string[]; claimed: string[]; quotas: QuotaOverridesColumn | null };

/**
 * The KYC submit's one read, before the route schema (loadBeforeBody): whose application it is
 * and in which state (404, 403, 409 before anything about the body), with the body's file ids as
 * sent looked up in the same query.
 */
export async function loadKycStep(db: Db, tenant: Tenant, user: AuthUser, id: string, body: unknown): Promise<Outcome<KycLoaded>> {
  const before = refusalBeforeLookup(user, id);
  if (before) return refusedAs(before);
  const fileIds = fileIdCandidates(body, FILE_FIELDS);
  const [loaded] = await loadStatement(db).execute({ tenant, id, fileIds });
  const access = accessTo(user, loaded?.application, 'change-step');
  if (!access.ok) return refusedAs(access);
  return accept({ application: access.application, uploaded: loaded!.uploaded, claimed: loaded!.claimed, quotas: loaded!.quotas });
}

/** The KYC form's `gender` is the borrower's, as stored (the voter-ID rule reads it): put in the body before the form's schema reads it. */
export const withBorrowerGender = (body: unknown, application: ApplicationRow): unknown =>
  isObject(body) ? { ...body, gender: typeof application.data.gender === 'string' ? application.data.gender : null } : body;

/**
 * PATCH /:id/basic-info, the KYC submit: the form (parsed by the route schema, with the borrower's
 * gender), its files (the application's uploads, none another record's), then the bureau on the
 * borrower's PAN, called before the write so a slow bureau holds no lock (a bureau outage throws,
 * answered 503 by the error handler). The write refuses if the PAN or status changed meanwhile.
 */
export async function submitKycStep(deps: ApplicationDeps, call: StepCall<KycForm>, loaded: KycLoaded): Promise<Outcome<ApplicationView>> {
  const { application } = loaded;
  const refs = refsOf(call.body, FILE_FIELDS);
  const foreignFile = fileRefsRefusal(refs, loaded.uploaded) ?? recordFileRefusal(refs, loaded.claimed);
  if (foreignFile) return foreignFile;
  const pan = application.data.pan;
  if (!application.stage.includes('BORROWER_INFO') || typeof pan !== 'string') return refuse(409, APPLICATION_MSG.borrowerStepFirst);
  await spendQuota(
    deps.db,
    { tenant: call.tenant, user: call.user, applicationId: call.id, tenantQuotas: loaded.quotas },
    'bureau',
    deps.clock.now(),
  );
  const bureau = await deps.providers.bureau.check(pan);

  const reject = bureau.decision === 'REJECTED' && checkTransition(application.status, 'REJECTED').ok;
  const [row] = await writeStatement(deps.db)({
    tenant: call.tenant,
    id: call.id,
    was: application.status,
    pan,
    patch: JSON.stringify({ kyc: call.body, ...bureauPatch(bureau) }),
    status: reject ? 'REJECTED' : application.status,
    at: new Date(deps.clock.now()).toISOString(),
  });
  if (!row) {
    const current = await loadApplicationFor(deps.db, call.tenant, call.user, call.id, 'read');
    return current.ok ? refuse(409, APPLICATION_MSG.changedMeanwhile) : refusedAs(current);
  }
  // The bureau's rejection is a move of the review workflow: kept in the history, with the reasons
  // (after the write: the write is one conditional statement, not a transaction).
  const rejectedNow = reject && application.status !== 'REJECTED';
  if (rejectedNow) {
    await recordEvent(deps.db, {
      tenant: call.tenant,
      applicationId: call.id,
      at: deps.clock.now(),
      actorId: call.user.id,
      action: 'MOVED',
      from: application.status,
      to: 'REJECTED',
      remarks: bureau.reasons.join(', ') || null,
      detail: { by: 'BUREAU', reasons: bureau.reasons },
    });
  }
  return accept(rejectedNow ? await applicationView(deps.db, call.tenant, decodeRow(applications, row)) : viewOfRawRow(row));
}
