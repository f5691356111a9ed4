import * as z from 'zod/mini';
import { BORROWER_NAME_DEVIATION } from '../records/application-view';
import { CO_APPLICANT_NAME_DEVIATION } from './co-applicant.schema';
import { LIST_MAX } from '../policy/limits';

/** Spec 02 §4: bank name mismatch (the bank account step). */
export const BANK_NAME_DEVIATION = 'BANK_NAME_MISMATCH_DEVIATION';

/** Every deviation a step may be continued with (spec 02 §4). */
export const DEVIATION_TYPES = [
  BORROWER_NAME_DEVIATION,
  CO_APPLICANT_NAME_DEVIATION.CO_BORROWER,
  CO_APPLICANT_NAME_DEVIATION.GUARANTOR,
  BANK_NAME_DEVIATION,
] as const;
export type DeviationType = (typeof DEVIATION_TYPES)[number];

export const INVALID_DEVIATIONS = 'Invalid deviations';

/**
 * The optional `deviations` of a step's body: at most 10, each of a known type. The client's
 * `info` is not kept (the server records its own match result), so it is dropped here.
 */
export const deviationsSchema = z.optional(
  z.nullable(
    z
      .array(z.object({ type: z.enum(DEVIATION_TYPES, INVALID_DEVIATIONS) }, INVALID_DEVIATIONS), INVALID_DEVIATIONS)
      .check(z.maxLength(LIST_MAX.deviations, INVALID_DEVIATIONS)),
  ),
);
