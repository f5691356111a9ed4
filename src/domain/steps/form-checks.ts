import * as z from 'zod/mini';
import { PATTERNS } from '../identity/patterns';
import { parseDate, ageOn, type CalendarDate } from '../shared/dates';
import { APP_MSG as M } from '../messages/application-messages';
import { fileIdSchemas } from './schema-fields';
import { INVALID_FILE, INVALID_ID, SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';

/** Values of a form as an object-level rule sees them: fields may already have failed. */
export type FormValues = Record<string, unknown>;
export type AddIssue = (field: string, message: string) => void;
/** A message that does not block submit, shown beside its field. */
export type FormWarning = { field: string; message: string };

/**
 * Object-level rules that read more than one field. They run even when some fields already
 * failed, then every issue is put in `order` (stable), so `firstMessage` gives the message of
 * the first failing field on the screen, whichever rule raised it.
 */
export function orderedRules<T>(order: readonly string[], rules?: (values: FormValues, add: AddIssue) => void) {
  return z.check<T>(
    (payload) => {
      const values = payload.value as unknown;
      if (rules && typeof values === 'object' && values !== null) {
        const form = values as FormValues;
        // One message per field: a rule does not add to a field that already failed.
        const add: AddIssue = (field, message) => {
          if (payload.issues.some((issue) => issue.path?.[0] === field)) return;
          payload.issues.push({ code: 'custom', message, input: form[field], path: [field] });
        };
        rules(form, add);
      }
      const rank = (path: readonly PropertyKey[] | undefined) => {
        const index = typeof path?.[0] === 'string' ? order.indexOf(path[0]) : -1;
        return index === -1 ? order.length : index;
      };
      payload.issues.sort((a, b) => rank(a.path) - rank(b.path));
    },
    { when: () => true },
  );
}

/**
 * The fields among `fields` that `schema` refuses when left empty with these `values`: a form's
 * required uploads, its conditional rules included (a non-male borrower's voter ID), so the form
 * marks them before Submit from the one rule (issue 31 N14).
 */
export function refusedWhenBlank(schema: z.ZodMiniType, values: FormValues, fields: readonly string[]): ReadonlySet<string> {
  // Left out, not '': an optional list (a further bank's statements) takes no value but refuses an empty text.
  const result = schema.safeParse({ ...values, ...Object.fromEntries(fields.map((field) => [field, undefined])) });
  const refused = result.success ? [] : result.error.issues.map((issue) => issue.path[0]);
  return new Set(fields.filter((field) => refused.includes(field)));
}

/** Empty, null and undefined all mean "not entered". */
export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Trimmed text of at least `min` and at most `max` characters (`tooLong` past the limit). */
export const text = (min: number, message: string, max: number, tooLong: string) =>
  z.string(message).check(z.trim(), z.minLength(min, message), z.maxLength(max, tooLong));
/** A required uploaded file id; one longer than any id is an invalid file. */
export const fileId = (message: string) =>
  z
    .string(message)
    .check(z.trim(), z.minLength(1, message), z.maxLength(TEXT_MAX.fileId, INVALID_FILE))
    .register(fileIdSchemas, { upload: true });
/** An optional uploaded file id (empty and null mean none). */
export const optionalFileId = z
  .optional(z.nullable(z.string(INVALID_FILE).check(z.trim(), z.maxLength(TEXT_MAX.fileId, INVALID_FILE))))
  .register(fileIdSchemas, { upload: true });
/** Trimmed text matching a pattern of at most `max` characters; longer is refused with the same message. */
export const matching = (pattern: RegExp, message: string, max: number) =>
  z.string(message).check(z.trim(), z.maxLength(max, message), z.regex(pattern, message));
/** Optional free text (empty allowed), at most `max` characters. */
export const optionalText = (max: number, tooLong: string) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, tooLong))));

/** Optional, but when entered it must match (empty and null mean not entered). */
export const optionalMatching = (pattern: RegExp, message: string, max: number) =>
  z.optional(
    z.nullable(
      z.string(message).check(
        z.trim(),
        z.maxLength(max, message),
        z.refine((v) => v === '' || pattern.test(v), message),
      ),
    ),
  );

/** Optional upper-cased code (PAN, EPIC) of at most `max` characters; when entered it must pass `valid`. */
export const optionalCode = (valid: (v: string) => boolean, message: string, max: number) =>
  z.optional(
    z.nullable(
      z.string(message).check(
        z.trim(),
        z.toUpperCase(),
        z.maxLength(max, message),
        z.refine((v) => v === '' || valid(v), message),
      ),
    ),
  );

/** An optional client-generated record id. */
export const optionalRecordId = z.optional(z.nullable(z.string(INVALID_ID).check(z.trim(), z.maxLength(TEXT_MAX.recordId, INVALID_ID))));

/** A number typed into a form (a number or a numeric string), at least `min`. */
export const numberAtLeast = (min: number, message: string) => z.coerce.number(message).check(z.minimum(min, message));

/** Mobile: 10 digits starting 6-9. */
export const mobile = (message: string) => matching(PATTERNS.mobile, message, SHAPE_MAX.mobile);

/** A date of birth whose age on `today` is within [min, max] full years. */
export const dobAged = (today: CalendarDate, min: number, max: number, message: string) =>
  z.string(message).check(
    z.trim(),
    z.maxLength(SHAPE_MAX.date, message),
    z.refine((v) => {
      const dob = parseDate(v);
      if (!dob) return false;
      const age = ageOn(dob, today);
      return age >= min && age <= max;
    }, message),
  );

/** A whole-number age within [min, max]. */
export const ageBetween = (min: number, max: number, message: string) =>
  z.coerce.number(message).check(z.refine((v) => Number.isInteger(v) && v >= min && v <= max, message));

/** The address block that the borrower and co-applicant forms share, with the spec's messages. */
export const addressFields = {
  pincode: matching(PATTERNS.pincode, M.invalidPincode, SHAPE_MAX.pincode),
  city: text(1, M.invalidCity, TEXT_MAX.place, TOO_LONG.city),
  district: text(1, M.invalidDistrict, TEXT_MAX.place, TOO_LONG.district),
  state: text(1, M.invalidState, TEXT_MAX.place, TOO_LONG.state),
  address: text(8, M.invalidAddress, TEXT_MAX.address, TOO_LONG.address),
  landmark: optionalText(TEXT_MAX.address, TOO_LONG.landmark),
};

/** An optional email: at most 254 characters, then the pattern. */
export const optionalEmail = (message: string) =>
  z.optional(
    z.nullable(
      z.string(message).check(
        z.trim(),
        z.maxLength(TEXT_MAX.email, TOO_LONG.email),
        z.refine((v) => v === '' || PATTERNS.email.test(v), message),
      ),
    ),
  );
