import { APP_MSG, bankCodesOf, queuedPathOf, STEP_ROUTES, type BankListItem, type BusinessDetailsForm } from '../../../domain';
import { fileListReferencesOf, fileReferencesOf } from '../../db/application-steps.actions';
import { SINGLE_FILE_FIELDS, STATEMENT_FILE_FIELDS, type BusinessValues } from './business-fields';

export const BUSINESS_URL = queuedPathOf(STEP_ROUTES.business);

/**
 * Spec 02 §6 / DECISIONS "Roles" (and the access policy's step-first-call / step-second-call): the officer and the branch
 * credit manager create or update through the first call (POST), the branch manager through
 * the separate one (PATCH). The same holds for the bank account.
 */
export function stepSubmitMethod(designation: string | null | undefined): 'POST' | 'PATCH' {
  return designation === 'BRANCH_MANAGER' ? 'PATCH' : 'POST';
}

/** A file reference counts as a value for the checks: a local file id or a server one. */
const checkValue = (ref: unknown): string => {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && '$file' in ref) return String((ref as { $file: unknown }).$file);
  return '';
};

/** Blank text is "not entered": optional fields then pass, required ones answer their message. */
const withoutBlanks = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')));

export type BusinessPlan = { body: Record<string, unknown>; values: BusinessValues };
export type BusinessCheck = { ok: true; plan: BusinessPlan } | { ok: false; message: string; field?: string };

/** The phone's files of the business (single documents and statement lists), as references the engine replaces. */
export async function businessFiles(applicationLocalId: string, server: Record<string, unknown>) {
  const singles = await fileReferencesOf(applicationLocalId, SINGLE_FILE_FIELDS, server);
  const statements = await fileListReferencesOf(applicationLocalId, STATEMENT_FILE_FIELDS, server);
  return { singles, statements };
}

/** What businessDetailsSchema checks: the typed values with the phone's files filled in (blank text is "not entered"). */
export async function businessSchemaInput(
  applicationLocalId: string,
  values: BusinessValues,
  server: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { singles, statements } = await businessFiles(applicationLocalId, server);
  const checkFiles = {
    ...Object.fromEntries(Object.entries(singles).map(([f, ref]) => [f, checkValue(ref) || undefined])),
    ...Object.fromEntries(Object.entries(statements).map(([f, refs]) => [f, refs.length > 0 ? refs.map(checkValue) : undefined])),
  };
  return { ...withoutBlanks(values), ...withoutBlanks(checkFiles) };
}

/**
 * After the schema passed: finds the chosen bank's code (spec 02 §8 'Bank code not found' stops
 * the submit), and builds the body: `{"$file": id}` for each file chosen on this phone,
 * statements as lists.
 */
export async function planBusinessSubmit(input: {
  applicationLocalId: string;
  data: BusinessDetailsForm;
  values: BusinessValues;
  server: Record<string, unknown>;
  banks: readonly BankListItem[] | null | undefined;
}): Promise<BusinessCheck> {
  const { applicationLocalId, data, values, server, banks } = input;
  const found = bankCodesOf(data, banks ?? []);
  if (!found.ok) return { ok: false, message: APP_MSG.bankCodeNotFound, field: `statement_bank_id${found.suffix}` };
  // The body names only the blocks with a bank.
  const codes = Object.fromEntries(Object.entries(found.codes).filter(([, code]) => code !== null));
  const { singles, statements } = await businessFiles(applicationLocalId, server);
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  for (const [field, ref] of Object.entries(singles)) if (body[field] !== undefined) body[field] = ref;
  for (const [field, refs] of Object.entries(statements)) if (body[field] !== undefined) body[field] = refs;
  return { ok: true, plan: { body: { ...body, ...codes }, values } };
}
