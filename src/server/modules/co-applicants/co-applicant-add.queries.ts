import { and, eq, sql } from 'drizzle-orm';
import { statusesAllowing, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { decodeRow, preparedOnce, preparedSql } from '../../db/prepared';
import { applications, coApplicants, type CoApplicantRow } from '../../db/schema';
import { withStage } from '../../shared/application-access';
import { referencedAmong } from '../../shared/file-references';

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
 * first (the other order deadlocks with them).
 */
const addStatement = (db: Db) =>
  preparedSql(
    db,
    'co_applicant_add',
    () => sql`
      with app as materialized (
        select id, status from applications
        where tenant_id = ${ph('tenant')} and id = ${ph('applicationId')} and status = any(${ph('openStatuses')}::text[])
        for update
      ), guarantor as materialized (
        select c.id from app, co_applicants c
        where c.tenant_id = ${ph('tenant')} and c.id = ${ph('replacesId')} and c.application_id = app.id
          and c.type = 'GUARANTOR' and c.status = 'REJECTED'
        for update of c
      ), inserted as (
        insert into co_applicants (tenant_id, id, application_id, type, status, replaces_id, data, created_by, created_at, updated_at)
        select ${ph('tenant')}, ${ph('id')}, app.id, ${ph('type')}, ${ph('status')}, ${ph('replacesId')},
          ${ph('data')}::jsonb, ${ph('userId')}::integer, ${ph('at')}::timestamptz, ${ph('at')}::timestamptz
        from app
        where ${ph('replacesId')}::text is null or exists (select 1 from guarantor)
        on conflict do nothing
        returning *
      ), replaced as (
        update co_applicants set status = 'REPLACED', updated_at = ${ph('at')}::timestamptz
        where tenant_id = ${ph('tenant')} and id = (select replaces_id from inserted)
      ), history as (
        -- The rejection page's "Add Another guarantor": the history keeps the guarantor the bureau
        -- rejected, with its reasons, beside this way out (the rejected card becomes REPLACED).
        insert into application_events (tenant_id, application_id, at, actor_id, actor_designation, action, from_status, to_status, detail)
        select ${ph('tenant')}, app.id, ${ph('at')}::timestamptz, ${ph('userId')}::integer,
          (select mfi_employee from users where tenant_id = ${ph('tenant')} and id = ${ph('userId')}::integer),
          'GUARANTOR_REPLACED', app.status, app.status,
          jsonb_build_object(
            'replaced_id', old.id, 'replaced_name', old.data->>'name', 'guarantor_id', inserted.id,
            'rejection_reasons', coalesce(old.data->'approval_checks'->'reasons', '[]'::jsonb))
        from inserted, app, co_applicants old
        where old.tenant_id = ${ph('tenant')} and old.id = inserted.replaces_id
      ), staged as (
        update applications set stage = ${withStage(ph('stage'))}, updated_at = ${ph('at')}::timestamptz
        where tenant_id = ${ph('tenant')} and id = (select application_id from inserted where status = 'ACTIVE')
      )
      select exists (select 1 from app) as open, inserted.* from (select 1) as one left join inserted on true`,
  );

export type NewCoApplicant = Pick<
  CoApplicantRow,
  'tenant_id' | 'id' | 'application_id' | 'type' | 'status' | 'replaces_id' | 'data' | 'created_by' | 'created_at'
>;

/** Writes an add (see addStatement): whether the application was open, and the row if inserted. */
export async function writeAdd(db: Db, record: NewCoApplicant, stage: string): Promise<{ open: boolean; row: CoApplicantRow | undefined }> {
  const [result] = await addStatement(db)({
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
  });
  return { open: result!.open === true, row: result!.id === null ? undefined : decodeRow(coApplicants, result!) };
}
