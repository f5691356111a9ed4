import * as z from 'zod/mini';
import {
  applicationIdSchema,
  CO_APPLICANT_NAME_DEVIATION,
  coApplicantSchema,
  LIST_MAX,
  PATTERNS,
  toIsoDate,
  type CalendarDate,
  type CoApplicantType,
} from '../../../domain';
import { parseInput } from '../../http/envelope';
import { accept, refuse, type Outcome } from '../../outcome';
import { blanksToNull, clientIdOf } from '../../shared/application-records';

export const CO_APPLICANT_MSG = {
  notFound: 'Co-applicant not found',
  nameMismatch: 'Name mismatch detected. Please review or continue with deviation.',
  invalidDeviations: 'Invalid deviations',
  invalidIdToReplace: 'Invalid id_to_replace',
  notReplaceable: 'Only a rejected guarantor of this application can be replaced.',
  replacementType: 'A rejected guarantor can only be replaced by a guarantor.',
  idInUse: 'This id is already used by a co-applicant of another application.',
  replaced: 'A replaced co-applicant can no longer be changed.',
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

/**
 * The body of an add, replace or update as the routes declare it (the OpenAPI document): the
 * form, its name-mismatch deviation, and on replace the guarantor it replaces. Parsed by
 * parseCoApplicantInput after the access check, with the form's schema and these rules.
 */
export function coApplicantBody(today: CalendarDate, kind: InputKind) {
  const deviationTypes = [CO_APPLICANT_NAME_DEVIATION.CO_BORROWER, CO_APPLICANT_NAME_DEVIATION.GUARANTOR] as const;
  const deviations = z.optional(
    z.nullable(
      z.array(z.object({ type: z.enum(deviationTypes, CO_APPLICANT_MSG.invalidDeviations) })).check(z.maxLength(LIST_MAX.deviations)),
    ),
  );
  const form = { ...coApplicantSchema(today).shape, deviations };
  return kind === 'replace' ? z.object({ ...form, id_to_replace: applicationIdSchema }) : z.object(form);
}

/** The optional `deviations` list: each entry must be the name-mismatch deviation of this type. */
function parseDeviations(raw: unknown, type: CoApplicantType): Outcome<boolean> {
  if (raw === undefined || raw === null) return accept(false);
  if (!Array.isArray(raw)) return refuse(400, CO_APPLICANT_MSG.invalidDeviations);
  const expected = CO_APPLICANT_NAME_DEVIATION[type];
  for (const entry of raw) {
    const entryType = (entry as { type?: unknown } | null)?.type;
    if (typeof entryType !== 'string') return refuse(400, CO_APPLICANT_MSG.invalidDeviations);
    if (entryType !== expected) return refuse(400, deviationTypeMessage(expected));
  }
  return accept(raw.length > 0);
}

/** Parses an add, replace or update body with the form's schema (the form's first message on failure). */
export function parseCoApplicantInput(body: unknown, today: CalendarDate, kind: InputKind): Outcome<CoApplicantInput> {
  const parsed = parseInput(coApplicantSchema(today), body);
  if (!parsed.ok) return refuse(400, parsed.message);
  const raw = body as Record<string, unknown>;
  const clientId = kind === 'update' ? accept(undefined) : clientIdOf(raw);
  if (!clientId.ok) return clientId;
  const { id: _ignored, ...form } = parsed.value;
  const deviation = parseDeviations(raw.deviations, form.type);
  if (!deviation.ok) return deviation;
  let idToReplace: string | undefined;
  if (kind === 'replace') {
    if (typeof raw.id_to_replace !== 'string' || !PATTERNS.applicationId.test(raw.id_to_replace))
      return refuse(400, CO_APPLICANT_MSG.invalidIdToReplace);
    if (form.type !== 'GUARANTOR') return refuse(400, CO_APPLICANT_MSG.replacementType);
    idToReplace = raw.id_to_replace;
  }
  return accept({
    type: form.type,
    name: form.name,
    pan: form.pan,
    voter_id: form.voter_id ? form.voter_id : null,
    fields: blanksToNull({ ...form, dob: toIsoDate(form.dob) }),
    clientId: clientId.value,
    deviationSupplied: deviation.value,
    idToReplace,
  });
}
