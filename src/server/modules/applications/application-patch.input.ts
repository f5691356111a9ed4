import * as z from 'zod/mini';
import {
  APPLICATION_STATUSES,
  BORROWER_FIELDS,
  borrowerSchema,
  deviationsSchema,
  STATUS_MSG,
  TEXT_MAX,
  type ApplicationStatus,
  type CalendarDate,
} from '../../../domain';
import { APPLICATION_MSG } from './applications.messages';
import { english } from '../../kernels/messages';

/** The borrower fields a second-type update may change; the phone's verified flag is the server's. */
export const PATCHABLE_FIELDS = BORROWER_FIELDS.filter((f) => f !== 'is_phone_verified' && f !== 'remarks');

export type ApplicationPatch = {
  /** The borrower fields sent, each parsed by its own rule of the borrower schema. */
  fields: Record<string, unknown>;
  remarks?: string | null;
  status?: ApplicationStatus;
  deviationTypes: string[];
};

const remarksSchema = z.nullable(
  z.string(english(APPLICATION_MSG.invalidRemarks)).check(z.trim(), z.maxLength(TEXT_MAX.remarks, english(APPLICATION_MSG.invalidRemarks))),
);

/**
 * The body of PATCH /:id (the route's schema): any subset of the borrower fields, each with the
 * borrower schema's rule for it, in screen order (so the first message is the first field's on
 * the screen); then `remarks`, `status` and `deviations`. An absent field is left as it is.
 * Cross-field rules are checked later on the whole form, the stored one with the patch applied
 * (borrower-edit.service.ts).
 */
export function applicationPatchBody(today: CalendarDate) {
  const shape = borrowerSchema(today).shape as Record<string, z.ZodMiniType>;
  return z.object({
    ...Object.fromEntries(PATCHABLE_FIELDS.map((field) => [field, z.optional(shape[field]!)])),
    remarks: z.optional(remarksSchema),
    status: z.optional(z.enum(APPLICATION_STATUSES, STATUS_MSG.invalidStatus)),
    deviations: deviationsSchema,
  });
}

export type ApplicationPatchBody = z.output<ReturnType<typeof applicationPatchBody>>;

/** The patch a parsed body of PATCH /:id asks: the fields sent (an absent one is unchanged), a blank remark as none. */
export function applicationPatchOf(body: ApplicationPatchBody): ApplicationPatch {
  const { remarks, status, deviations, ...rest } = body as Record<string, unknown> & {
    remarks?: string | null;
    status?: ApplicationStatus;
    deviations?: { type: string }[] | null;
  };
  const patch: ApplicationPatch = { fields: rest, deviationTypes: (deviations ?? []).map((d) => d.type) };
  if (remarks !== undefined) patch.remarks = remarks === '' ? null : remarks;
  if (status !== undefined) patch.status = status;
  return patch;
}
