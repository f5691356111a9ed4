import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { borrowerSchema, deviationsSchema, type ApplicationView, type CalendarDate } from '../../../domain';
import { applications } from '../../db/schema';
import { transact } from '../../db/transact';
import { parseInput } from '../../http/envelope';
import { accept, refuse, type Outcome } from '../../outcome';
import { addStage, loadApplicationFor } from '../../shared/application-access';
import { todayOf, type ApplicationDeps, type StepCall } from './application-deps';
import { applicationViewById } from './application-view.service';
import { checkBorrowerIdentity, suppliedDeviationTypes } from './borrower-identity.service';
import { borrowerRecord } from './borrower-record';

/** The body of PUT /:id (the route's schema): the borrower form, and the deviations it continues with. */
export const borrowerStepBody = (today: CalendarDate) => z.object({ ...borrowerSchema(today).shape, deviations: deviationsSchema });

/**
 * PUT /:id, the borrower step (first-type update): its relationship officer, on a DRAFT. The
 * form is parsed with the shared schema, the identity checks and the name match run on the
 * locked row, and the form, its deviations and the BORROWER_INFO stage are written together.
 */
export async function submitBorrowerStep(deps: ApplicationDeps, call: StepCall): Promise<Outcome<ApplicationView>> {
  const now = deps.clock.now();
  const written = await transact(deps.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, call.id, 'borrower-step', true);
    if (!access.ok) return refuse(access.status, access.message);
    const application = access.application;
    const form = parseInput(borrowerSchema(todayOf(deps)), call.body);
    if (!form.ok) return refuse(400, form.message);
    const supplied = suppliedDeviationTypes(call.body);
    if (!supplied.ok) return supplied;
    const deviations = await checkBorrowerIdentity(deps.providers.nameMatch, application, form.value, supplied.value);
    if (!deviations.ok) return deviations;
    const patch = { ...borrowerRecord(form.value, deps.aadhaarKey), deviations: deviations.value };
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
