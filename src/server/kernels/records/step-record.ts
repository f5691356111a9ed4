import { and, eq, sql } from 'drizzle-orm';
import type { Deviation, PolicyAction, Tenant } from '../../../domain';
import type { Tx } from '../../db/client';
import { applications, type ApplicationRow } from '../../db/schema';
import { withStage } from '../access';
import { objectOrNull } from '../../../domain/shared/is-object';

/**
 * The business and bank steps' two calls (spec 02 §6, DECISIONS.md "Roles"): the first
 * create/update call (POST) and the separate one (PATCH); who makes which, in which state, is the
 * access policy's.
 */
export type StepCallAction = Extract<PolicyAction, 'step-first-call' | 'step-second-call'>;

/** The application-info answer of the business, employment and bank steps (spec 02 §3: status, remarks and the step's record). */
export type StepAnswer = {
  id: string;
  tracker_id: string | null;
  status: string;
  stage: string[];
  remarks: string | null;
  job_type: string | null;
  deviations: Deviation[];
  app_mfi_business_details: Record<string, unknown> | null;
  app_mfi_employment_info: Record<string, unknown> | null;
  app_mfi_bank_account: Record<string, unknown> | null;
};

export function stepAnswer(row: ApplicationRow): StepAnswer {
  const d = row.data;
  return {
    id: row.id,
    tracker_id: row.tracker_id,
    status: row.status,
    stage: row.stage,
    remarks: typeof d.remarks === 'string' ? d.remarks : null,
    job_type: typeof d.job_type === 'string' ? d.job_type : null,
    deviations: Array.isArray(d.deviations) ? (d.deviations as Deviation[]) : [],
    app_mfi_business_details: objectOrNull(d.app_mfi_business_details),
    app_mfi_employment_info: objectOrNull(d.app_mfi_employment_info),
    app_mfi_bank_account: objectOrNull(d.app_mfi_bank_account),
  };
}

/** Writes a step's keys into the application's data and records its stage, in one statement; answers the row. */
export async function writeStep(
  tx: Tx,
  tenant: Tenant,
  id: string,
  values: Record<string, unknown>,
  stage: string,
  now: number,
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({ data: sql`${applications.data} || ${JSON.stringify(values)}::jsonb`, stage: withStage(stage), updated_at: new Date(now) })
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)))
    .returning();
  return row!;
}
