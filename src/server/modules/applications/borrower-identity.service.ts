import { BORROWER_NAME_DEVIATION, type Deviation, type NameMatcherBody } from '../../../domain';
import type { ApplicationRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import type { NameMatchProvider } from '../../providers/name-match/name-match-provider';
import { matchAllNames, type NameMatchSummary } from '../verification/name-match.service';
import { keyedVerificationOf, verifiedName } from '../verification/verification.service';
import { APPLICATION_MSG } from './applications.messages';

/** The borrower's identity as the borrower form gives it, after parsing. */
export type BorrowerIdentity = { phone: string; name: string; pan: string; voter_id?: string | null; gender: string };

const isVerified = (data: Record<string, unknown>, kind: 'pan' | 'voter_id', value: string | null | undefined) =>
  keyedVerificationOf(data, kind, value)?.status === 'VERIFIED';

/** The names a match compared, so a kept deviation can tell whether they changed since. */
const comparedNames = (info: unknown) => {
  const summary = (info ?? {}) as Partial<NameMatchSummary>;
  return JSON.stringify([summary.reference?.value, (summary.results ?? []).map((r) => [r.source, r.value])]);
};

/**
 * The checks of the borrower step (docs/application-api.md PUT): the mobile verified and the
 * same as the form's, the PAN verified on this application, the voter ID too unless MALE; then
 * the verified PAN and voter-ID names against the typed one. A mismatch needs a
 * BORROWER_NAME_MISMATCH_DEVIATION, sent now or already recorded for the same names; it is
 * kept with the server's match result as info, PENDING unless it was already reviewed for
 * those names. Answers the application's deviations after the step.
 */
export async function checkBorrowerIdentity(
  nameMatch: NameMatchProvider,
  application: ApplicationRow,
  identity: BorrowerIdentity,
  suppliedTypes: readonly string[],
): Promise<Outcome<Deviation[]>> {
  const data = application.data;
  const verifiedPhone = application.phone ?? data.phone;
  if (data.is_phone_verified !== true || verifiedPhone !== identity.phone) return refuse(409, APPLICATION_MSG.mobileNotVerified);
  if (!isVerified(data, 'pan', identity.pan)) return refuse(409, APPLICATION_MSG.panNotVerified);
  const voterRequired = identity.gender !== 'MALE';
  if (voterRequired && !isVerified(data, 'voter_id', identity.voter_id)) return refuse(409, APPLICATION_MSG.voterIdNotVerified);

  const values: NameMatcherBody['values'] = [
    { source: 'INPUT', value: identity.name },
    { source: 'PAN', value: verifiedName(data, 'pan', identity.pan)! },
  ];
  const voterName = verifiedName(data, 'voter_id', identity.voter_id);
  if (voterName) values.push({ source: 'VOTER_ID', value: voterName });
  const summary = await matchAllNames(nameMatch, values);

  const existing = Array.isArray(data.deviations) ? (data.deviations as Deviation[]) : [];
  const others = existing.filter((d) => d.type !== BORROWER_NAME_DEVIATION);
  if (summary.is_match) return accept(others);
  const prior = existing.find((d) => d.type === BORROWER_NAME_DEVIATION && comparedNames(d.info) === comparedNames(summary));
  if (prior) return accept([...others, { ...prior, info: summary }]);
  if (!suppliedTypes.includes(BORROWER_NAME_DEVIATION)) return refuse(400, APPLICATION_MSG.nameMismatch);
  return accept([...others, { type: BORROWER_NAME_DEVIATION, info: summary, status: 'PENDING' }]);
}
