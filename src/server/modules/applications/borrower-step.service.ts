import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { borrowerSchema, deviationsSchema, type ApplicationView, type CalendarDate } from '../../../domain';
import { applications } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, refuse, type Outcome } from '../../outcome';
import { addStage, loadApplicationFor } from '../../shared/application-access';
import { borrowerFileRefusal } from '../../shared/file-references';
import type { ApplicationDeps, StepCall } from './application-deps';
import { applicationViewById } from './application-view.service';
import { checkBorrowerIdentity } from './borrower-identity.service';
import { borrowerRecord } from './borrower-record';

/**
 * The body of PUT /:id (the route's schema): the borrower form with its cross-field rules, and
 * the deviations it continues with.
 */
export const borrowerStepBody = (today: CalendarDate) => z.safeExtend(borrowerSchema(today), { deviations: deviationsSchema });
export type BorrowerStepBody = z.output<ReturnType<typeof borrowerStepBody>>;

/** The borrower step's file reference: the photo from the Aadhaar check. */
const BORROWER_FILE_FIELDS = ['borrower_photo_from_aadhaar'] as const;

/**
 * PUT /:id, the borrower step (first-type update): its relationship officer, on a DRAFT. The
 * form comes parsed by the route schema (the shared one); its file is checked, the identity
 * checks and the name match run on the locked row, and the form, its deviations and the
 * BORROWER_INFO stage are written together.
 */
export async function submitBorrowerStep(deps: ApplicationDeps, call: StepCall<BorrowerStepBody>): Promise<Outcome<ApplicationView>> {
  const now = deps.clock.now();
  const { deviations: sent, ...form } = call.body;
  const written = await transact(deps.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, call.id, 'borrower-step', true);
    if (!access.ok) return refuse(access.status, access.message);
    const application = access.application;
    const foreignFile = await borrowerFileRefusal(tx, call.tenant, call.id, form, BORROWER_FILE_FIELDS);
    if (foreignFile) return foreignFile;
    const supplied = (sent ?? []).map((d) => d.type);
    const deviations = await checkBorrowerIdentity(deps.providers.nameMatch, application, form, supplied);
    if (!deviations.ok) return deviations;
    const patch = { ...borrowerRecord(form, deps.aadhaarKey), deviations: deviations.value };
    await tx
      .update(applications)
      .set({ data: sql`${applications.data} || ${JSON.stringify(patch)}::jsonb`, updated_at: new Date(now) })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, call.id)));
    await addStage(tx, call.tenant, call.id, 'BORROWER_INFO', now);
    return accept(null);
  });
  if (!written.ok) return written;
  return accept(await applicationViewById(deps.db, call.tenant, call.id));
}
