import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { statusesAllowing, type Tenant } from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { decodeRow, preparedOnce, preparedSql, type RawRow } from '../../db/prepared';
import { applications, coApplicants, type CoApplicantRow } from '../../db/schema';
import { withStage } from '../../kernels/access';
import { referencedAmong } from '../../kernels/files';

const ph = sql.placeholder;

/** The statuses in which the officer adds records (access-policy.ts); a bureau rejection is not one of them. */
const ADD_RECORD_STATUSES = statusesAllowing('RELATIONSHIP_OFFICER', 'add-record');

const loadStatement = (db: Db) =>
  preparedOnce(db, 'co_applicant_add_load', () =>
    db
      .select({
        application: applications,
        existing: coApplicants,
        uploaded: referencedAmong(ph('tenant'), ph('applicationId'), ph('fileIds')),
      })
      .from(applications)
      .leftJoin(coApplicants, and(eq(coApplicants.tenant_id, applications.tenant_id), eq(coApplicants.id, ph('clientId'))))
      .where(and(eq(applications.tenant_id, ph('tenant')), eq(applications.id, ph('applicationId'))))
      .prepare('co_applicant_add_load'),
  );

/**
 * What an add checks before it calls the providers, in one query: the application, the
 * co-applicant already holding the client id (on any application of the tenant), and which of
 * the form's file ids are uploads of this application (file-references.ts).
 */
export async function loadForAdd(db: Db, tenant: Tenant, applicationId: string, clientId: string | null, fileIds: string[]) {
  const [row] = await loadStatement(db).execute({ tenant, applicationId, clientId, fileIds });
  return row;
}

/**
 * The write of an add in one statement, in place of a transaction that locked the application:
 * the application is locked and must be in a status where its officer adds records (the access
 * policy's `add-record`); the record is inserted unless its id is
 * taken; a guarantor it replaces is locked and must still be a REJECTED guarantor of the
 * application, and becomes REPLACED, recorded in the history (GUARANTOR_REPLACED); an ACTIVE record completes its stage. A lock that had to
 * wait re-checks its conditions on the row as the other writer left it. The guarantor is read
 * through `app` so that, like every writer of co-applicants, this one locks the application
 * first (the other order deadlocks with them). `unbound`: the application must have no accepted
 * offer (an add to one with an accepted offer is writeAddIn, which voids it in the same transaction).
 */
const addSql = (v: (name: keyof AddValues) => SQLWrapper) => sql`
      with app as materialized (
        select id, status from applications
        where tenant_id = ${v('tenant')} and id = ${v('applicationId')} and status = any(${v('openStatuses')}::text[])
          and (not ${v('unbound')}::boolean or (data #> '{loan_offer,is_accepted}') is distinct from 'true'::jsonb)
        for update
      ), guarantor as materialized (
        select c.id from app, co_applicants c
        where c.tenant_id = ${v('tenant')} and c.id = ${v('replacesId')} and c.application_id = app.id
          and c.type = 'GUARANTOR' and c.status = 'REJECTED'
        for update of c
      ), inserted as (
        insert into co_applicants (tenant_id, id, application_id, type, status, replaces_id, data, created_by, created_at, updated_at)
        select ${v('tenant')}, ${v('id')}, app.id, ${v('type')}, ${v('status')}, ${v('replacesId')},
          ${v('data')}::jsonb, ${v('userId')}::integer, ${v('at')}::timestamptz, ${v('at')}::timestamptz
        from app
        where ${v('replacesId')}::text is null or exists (select 1 from guarantor)
        on conflict do nothing
        returning *
      ), replaced as (
        update co_applicants set status = 'REPLACED', updated_at = ${v('at')}::timestamptz
        where tenant_id = ${v('tenant')} and id = (select replaces_id from inserted)
      ), history as (
        -- The rejection page's "Add Another guarantor": the history keeps the guarantor the bureau
        -- rejected, with its reasons, beside this way out (the rejected card becomes REPLACED).
        insert into application_events (tenant_id, application_id, at, actor_id, actor_designation, action, from_status, to_status, detail)
        select ${v('tenant')}, app.id, ${v('at')}::timestamptz, ${v('userId')}::integer,
          (select mfi_employee from users where tenant_id = ${v('tenant')} and id = ${v('userId')}::integer),
          'GUARANTOR_REPLACED', app.status, app.status,
          jsonb_build_object(
            'replaced_id', old.id, 'replaced_name', old.data->>'name', 'guarantor_id', inserted.id,
            'rejection_reasons', coalesce(old.data->'approval_checks'->'reasons', '[]'::jsonb))
        from inserted, app, co_applicants old
        where old.tenant_id = ${v('tenant')} and old.id = inserted.replaces_id
      ), staged as (
        update applications set stage = ${withStage(v('stage'))}, updated_at = ${v('at')}::timestamptz
        where tenant_id = ${v('tenant')} and id = (select application_id from inserted where status = 'ACTIVE')
      )
      select exists (select 1 from app) as open, inserted.* from (select 1) as one left join inserted on true`;

const addStatement = (db: Db) => preparedSql(db, 'co_applicant_add', () => addSql(sql.placeholder));

export type NewCoApplicant = Pick<
  CoApplicantRow,
  'tenant_id' | 'id' | 'application_id' | 'type' | 'status' | 'replaces_id' | 'data' | 'created_by' | 'created_at'
>;

type AddValues = ReturnType<typeof addValuesOf>;

const addValuesOf = (record: NewCoApplicant, stage: string, unbound: boolean) => ({
  tenant: record.tenant_id,
  applicationId: record.application_id,
  id: record.id,
  type: record.type,
  status: record.status,
  replacesId: record.replaces_id,
  data: JSON.stringify(record.data),
  userId: record.created_by,
  at: record.created_at.toISOString(),
  stage,
  openStatuses: ADD_RECORD_STATUSES,
  unbound,
});

type Added = { open: boolean; row: CoApplicantRow | undefined };
const addedOf = (result: RawRow): Added => ({
  open: result.open === true,
  row: result.id === null ? undefined : decodeRow(coApplicants, result),
});

/**
 * Writes an add (see addStatement) in one statement: whether the application was open, and the
 * row if inserted. For an application without an accepted offer: one accepted since it was read
 * counts as closed (its add has to void the acceptance, writeAddIn).
 */
export async function writeAdd(db: Db, record: NewCoApplicant, stage: string): Promise<Added> {
  const [result] = await addStatement(db)(addValuesOf(record, stage, true));
  return addedOf(result!);
}

/** writeAdd inside a transaction (not prepared: a prepared statement runs on the pool), for an application with an accepted offer. */
export async function writeAddIn(tx: Tx, record: NewCoApplicant, stage: string): Promise<Added> {
  const values = addValuesOf(record, stage, false);
  const { rows } = (await tx.execute(addSql((name) => sql.param(values[name])))) as unknown as { rows: RawRow[] };
  return addedOf(rows[0]!);
}
