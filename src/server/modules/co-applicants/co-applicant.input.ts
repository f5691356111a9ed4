import * as z from 'zod/mini';
import {
  CO_APPLICANT_NAME_DEVIATION,
  coApplicantSchema,
  LIST_MAX,
  PATTERNS,
  toIsoDate,
  type CalendarDate,
  type CoApplicantType,
} from '../../../domain';
import { accept, refuse, type Outcome } from '../../outcome';
import { blanksToNull, clientIdOf } from '../../kernels/records';
import { byEnglish, english, said } from '../../kernels/messages';

export const CO_APPLICANT_MSG = {
  notFound: said('review.coApplicantNotFound'),
  nameMismatch: said('application.nameMismatch'),
  invalidDeviations: said('application.invalidDeviations'),
  invalidIdToReplace: said('coApplicant.invalidIdToReplace'),
  notReplaceable: said('coApplicant.notReplaceable'),
  replacementType: said('coApplicant.replacementType'),
  idInUse: said('coApplicant.idInUse'),
  replaced: said('coApplicant.replaced'),
} as const;

const deviationTypeMessage = (expected: string) => `Deviation type must be ${expected}`;

/** A co-applicant submit, parsed: the form's fields as stored, and what the request asks besides. */
export type CoApplicantInput = {
  type: CoApplicantType;
  name: string;
  pan: string;
  voter_id: string | null;
  /** The form's fields as stored (no id; dates as YYYY-MM-DD; blanks as null). */
  fields: Record<string, unknown>;
  clientId: string | undefined;
  /** A name-mismatch deviation of the co-applicant's type was sent ("Continue with Deviation"). */
  deviationSupplied: boolean;
  idToReplace: string | undefined;
};

export type InputKind = 'add' | 'replace' | 'update';

const deviationTypes = [CO_APPLICANT_NAME_DEVIATION.CO_BORROWER, CO_APPLICANT_NAME_DEVIATION.GUARANTOR] as const;

/** The form (its cross-field rules too) and the name-mismatch deviation it is continued with. */
const formWithDeviations = (today: CalendarDate) =>
  z.safeExtend(coApplicantSchema(today), {
    deviations: z.optional(
      z.nullable(
        z
          .array(
            z.object({ type: z.enum(deviationTypes, english(CO_APPLICANT_MSG.invalidDeviations)) }),
            english(CO_APPLICANT_MSG.invalidDeviations),
          )
          .check(z.maxLength(LIST_MAX.deviations, english(CO_APPLICANT_MSG.invalidDeviations))),
      ),
    ),
  });

/**
 * The body of an add, replace or update (the routes' schema): the form, its name-mismatch
 * deviation, and on replace the guarantor it replaces. What reads the form's type as well (the
 * deviation's, a replacement's) is checked by coApplicantInputOf.
 */
export function coApplicantBody(today: CalendarDate, kind: InputKind) {
  const form = formWithDeviations(today);
  if (kind !== 'replace') return form;
  const idToReplace = z
    .string(english(CO_APPLICANT_MSG.invalidIdToReplace))
    .check(z.regex(PATTERNS.applicationId, english(CO_APPLICANT_MSG.invalidIdToReplace)))
    .register(z.globalRegistry, { description: 'the rejected guarantor replaced (32 lowercase hex characters)' });
  return z.safeExtend(form, { id_to_replace: idToReplace });
}
export type CoApplicantBody = z.output<ReturnType<typeof formWithDeviations>> & { id_to_replace?: string };

/** Whether the body continues with the name-mismatch deviation: each entry must be the one of this type. */
function deviationSupplied(sent: CoApplicantBody['deviations'], type: CoApplicantType): Outcome<boolean> {
  const expected = CO_APPLICANT_NAME_DEVIATION[type];
  const other = (sent ?? []).find((entry) => entry.type !== expected);
  return other ? refuse(400, byEnglish(deviationTypeMessage(expected))) : accept((sent ?? []).length > 0);
}

/** An add, replace or update body (parsed by the route schema) as the services take it, after the rules that read the form's type. */
export function coApplicantInputOf(body: CoApplicantBody, kind: InputKind): Outcome<CoApplicantInput> {
  const clientId = kind === 'update' ? accept(undefined) : clientIdOf(body);
  if (!clientId.ok) return clientId;
  const { id: _ignored, deviations, id_to_replace: idToReplace, ...form } = body;
  const deviation = deviationSupplied(deviations, form.type);
  if (!deviation.ok) return deviation;
  if (kind === 'replace' && form.type !== 'GUARANTOR') return refuse(400, CO_APPLICANT_MSG.replacementType);
  return accept({
    type: form.type,
    name: form.name,
    pan: form.pan,
    voter_id: form.voter_id ? form.voter_id : null,
    fields: blanksToNull({ ...form, dob: toIsoDate(form.dob) }),
    clientId: clientId.value,
    deviationSupplied: deviation.value,
    idToReplace: kind === 'replace' ? idToReplace : undefined,
  });
}
