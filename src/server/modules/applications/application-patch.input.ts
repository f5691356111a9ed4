import * as z from 'zod/mini';
import { BORROWER_FIELDS, borrowerSchema, isApplicationStatus, STATUS_MSG, TEXT_MAX, type ApplicationStatus, type CalendarDate } from '../../../domain';
import { accept, refuse, type Outcome } from '../../outcome';
import { isPlainObject } from './application-deps';
import { APPLICATION_MSG } from './applications.messages';
import { suppliedDeviationTypes } from './borrower-identity.service';

/** The borrower fields a second-type update may change; the phone's verified flag is the server's. */
export const PATCHABLE_FIELDS = BORROWER_FIELDS.filter((f) => f !== 'is_phone_verified' && f !== 'remarks');

export type ApplicationPatch = {
  /** The borrower fields sent, each parsed by its own rule of the borrower schema. */
  fields: Record<string, unknown>;
  remarks?: string | null;
  status?: ApplicationStatus;
  deviationTypes: string[];
};

const remarksSchema = z.nullable(z.string(APPLICATION_MSG.invalidRemarks).check(z.trim(), z.maxLength(TEXT_MAX.remarks, APPLICATION_MSG.invalidRemarks)));

/**
 * Parses the body of PATCH /:id: any subset of the borrower fields (each validated by the
 * borrower schema's rule for it, in screen order), `remarks`, `status` and `deviations`.
 * Cross-field rules are checked later on the whole form (application-update.service.ts).
 */
export function parseApplicationPatch(body: unknown, today: CalendarDate): Outcome<ApplicationPatch> {
  if (!isPlainObject(body)) return refuse(400, 'Request body must be a JSON object');
  const shape = borrowerSchema(today).shape as Record<string, z.ZodMiniType>;
  const fields: Record<string, unknown> = {};
  for (const field of PATCHABLE_FIELDS) {
    if (!(field in body)) continue;
    const parsed = shape[field]!.safeParse(body[field]);
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? 'Invalid request');
    fields[field] = parsed.data;
  }
  const patch: ApplicationPatch = { fields, deviationTypes: [] };
  if ('remarks' in body) {
    const remarks = remarksSchema.safeParse(body.remarks);
    if (!remarks.success) return refuse(400, APPLICATION_MSG.invalidRemarks);
    patch.remarks = remarks.data === '' ? null : remarks.data;
  }
  if ('status' in body) {
    if (!isApplicationStatus(body.status)) return refuse(400, STATUS_MSG.invalidStatus);
    patch.status = body.status;
  }
  const deviations = suppliedDeviationTypes(body);
  if (!deviations.ok) return deviations;
  patch.deviationTypes = deviations.value;
  return accept(patch);
}
