import type { NameMatchResult } from '../../api/verification.api';
import { isObject } from '../../../domain/shared/is-object';

export { BORROWER_NAME_DEVIATION } from '../../../domain';

/** A document checked with its provider: the number checked and the name it is registered to. */
export type CheckedDocument = { value: string; name: string };

/**
 * The borrower's verifications, one-way (spec 02 §4): once verified a field is read-only. Kept in
 * the draft with the values, and read from the server's view of the application.
 */
export type BorrowerChecks = {
  /** The mobile OTP created the application: true once there is one. */
  mobile: boolean;
  aadhaar: boolean;
  pan: CheckedDocument | null;
  voter: CheckedDocument | null;
  /** The last name match, with the names it compared (`nameMatchKey`). */
  nameMatch: { key: string; result: NameMatchResult } | null;
};

export const NO_CHECKS: BorrowerChecks = { mobile: false, aadhaar: false, pan: null, voter: null, nameMatch: null };

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function document(value: unknown, numberField: string): CheckedDocument | null {
  if (!isObject(value) || !str(value[numberField])) return null;
  if (value.status !== undefined && value.status !== 'VERIFIED') return null;
  return { value: str(value[numberField]), name: str(value.name) };
}

/** Checks as stored in a draft (whatever was stored: wrong shapes are dropped). */
export function readChecks(stored: unknown): BorrowerChecks {
  if (!isObject(stored)) return NO_CHECKS;
  const match =
    isObject(stored.nameMatch) && typeof stored.nameMatch.key === 'string' && isObject(stored.nameMatch.result) ? stored.nameMatch : null;
  return {
    mobile: stored.mobile === true,
    aadhaar: stored.aadhaar === true,
    pan: document(stored.pan, 'value'),
    voter: document(stored.voter, 'value'),
    nameMatch: match ? { key: match.key as string, result: match.result as NameMatchResult } : null,
  };
}

/** Checks of the server's application view (`verifications`, docs/application-api.md). */
export function checksFromView(view: Record<string, unknown> | undefined): Partial<BorrowerChecks> {
  if (!view) return {};
  const verifications = isObject(view.verifications) ? view.verifications : {};
  const checks: Partial<BorrowerChecks> = {};
  if (verifications.mobile === true || view.is_phone_verified === true) checks.mobile = true;
  if (verifications.aadhaar === 'VERIFIED') checks.aadhaar = true;
  const pan = document(verifications.pan, 'pan');
  if (pan) checks.pan = pan;
  const voter = document(verifications.voter_id, 'voter_id');
  if (voter) checks.voter = voter;
  return checks;
}

/** Local checks first; what the server knows fills the gaps (a check is never undone). */
export function mergeChecks(local: BorrowerChecks, server: Partial<BorrowerChecks>): BorrowerChecks {
  return {
    mobile: local.mobile || server.mobile === true,
    aadhaar: local.aadhaar || server.aadhaar === true,
    pan: local.pan ?? server.pan ?? null,
    voter: local.voter ?? server.voter ?? null,
    nameMatch: local.nameMatch,
  };
}

/** The names a match compares: the typed name against the PAN's and the voter ID's. */
export function nameMatchValues(name: string, checks: Pick<BorrowerChecks, 'pan' | 'voter'>) {
  const values: { value: string; source: 'INPUT' | 'PAN' | 'VOTER_ID' }[] = [{ value: name.trim(), source: 'INPUT' }];
  if (checks.pan?.name) values.push({ value: checks.pan.name, source: 'PAN' });
  if (checks.voter?.name) values.push({ value: checks.voter.name, source: 'VOTER_ID' });
  return values;
}

export const nameMatchKey = (values: { value: string; source: string }[]) =>
  values.map((v) => `${v.source}:${v.value.toUpperCase()}`).join('|');

/** The match result for these names, if one was made; a match of other names says nothing. */
export function currentNameMatch(name: string, checks: BorrowerChecks): NameMatchResult | null {
  const values = nameMatchValues(name, checks);
  if (values.length < 2 || !checks.nameMatch) return null;
  return checks.nameMatch.key === nameMatchKey(values) ? checks.nameMatch.result : null;
}

/** Voter ID matters only when the gender is not MALE (spec 02 §5). */
export const voterIdRequired = (gender: string) => gender !== 'MALE';

/**
 * Spec 02 §5: Next is disabled for the PD1 role unless the mobile, the PAN and (when required)
 * the voter ID are verified.
 */
export function verificationsDone(checks: BorrowerChecks, values: { pan: string; voter_id: string; gender: string }): boolean {
  const panDone = checks.pan !== null && checks.pan.value === values.pan.trim().toUpperCase();
  const voterDone =
    !voterIdRequired(values.gender) || (checks.voter !== null && checks.voter.value === values.voter_id.trim().toUpperCase());
  return checks.mobile && panDone && voterDone;
}
