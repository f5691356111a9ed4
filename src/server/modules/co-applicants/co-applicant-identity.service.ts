import type { NameMatcherBody } from '../../../domain';
import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import type { VerificationProviders } from '../../providers/verification-providers';
import { spendQuota, type QuotaCaller } from '../rate-limit/paid-call-quotas';
import { matchAllNames, type NameMatchSummary } from '../verification/name-match.service';
import { VERIFICATION_MSG } from '../verification/verification.routes';
import { recordVerification, verifiedName, type KeyedVerificationKind } from '../verification/verification.service';
import { CO_APPLICANT_MSG } from './co-applicant.input';
import type { Deviation } from './co-applicant.view';

export type IdentityDeps = { db: Db; providers: VerificationProviders; now: () => number };

export type IdentityResult = { nameMatch: NameMatchSummary };

/**
 * The verified name of a PAN or voter ID on this application: the recorded check when it was
 * verified, else the provider's answer now, recorded at once as the verification API records
 * it (a check is a fact of its own: it stays even when the submit is refused later, and a
 * retry does not pay the provider again). Not found: FAILED, refused with the API's message.
 * An outage throws (503, error-handler.ts) and records nothing.
 */
async function verifiedNameOf(
  deps: IdentityDeps,
  payer: QuotaCaller,
  application: ApplicationRow,
  kind: KeyedVerificationKind,
  key: string,
): Promise<Outcome<string>> {
  const recorded = verifiedName(application.data, kind, key);
  if (recorded) return accept(recorded);
  const tenant = payer.tenant;
  await spendQuota(deps.db, payer, kind === 'pan' ? 'pan' : 'voter_id', deps.now());
  const answer = await (kind === 'pan' ? deps.providers.pan.verifyPan(key) : deps.providers.voterId.verifyVoterId(key));
  const at = new Date(deps.now()).toISOString();
  const number = kind === 'pan' ? { pan: key } : { voter_id: key, reference: null };
  if (!answer.found) {
    await recordVerification(deps.db, tenant, application.id, kind, { status: 'FAILED', ...number, checked_at: at }, key);
    return refuse(422, kind === 'pan' ? VERIFICATION_MSG.panInvalid : VERIFICATION_MSG.voterNotFound);
  }
  const name = answer.name;
  await recordVerification(deps.db, tenant, application.id, kind, { status: 'VERIFIED', ...number, name, verified_at: at }, key);
  return accept(name);
}

/**
 * Spec 02 §4-§5 for a co-applicant: its PAN (and voter ID, when given) verified on this
 * application, then the typed name compared with the verified names.
 */
export async function checkIdentity(
  deps: IdentityDeps,
  payer: QuotaCaller,
  application: ApplicationRow,
  person: { name: string; pan: string; voter_id: string | null },
): Promise<Outcome<IdentityResult>> {
  const pan = await verifiedNameOf(deps, payer, application, 'pan', person.pan);
  if (!pan.ok) return pan;
  const voter = person.voter_id ? await verifiedNameOf(deps, payer, application, 'voter_id', person.voter_id) : undefined;
  if (voter && !voter.ok) return voter;
  const values: NameMatcherBody['values'] = [
    { source: 'INPUT', value: person.name },
    { source: 'PAN', value: pan.value },
    ...(voter ? [{ source: 'VOTER_ID' as const, value: voter.value }] : []),
  ];
  return accept({ nameMatch: await matchAllNames(deps.providers.nameMatch, values) });
}

/** The names a match compared, so a kept deviation can tell whether they changed since. */
const comparedNames = (info: Record<string, unknown>) => {
  const summary = info as Partial<NameMatchSummary>;
  return JSON.stringify([summary.reference?.value, (summary.results ?? []).map((r) => [r.source, r.value])]);
};

/**
 * The name-mismatch deviation a co-applicant keeps (spec 02 §4): with a mismatch, one must be
 * sent now or already be on the record, else the submit is refused. The deviation's info is
 * the latest match; its review status is kept while the compared names are unchanged, and is
 * PENDING otherwise.
 */
export function nameDeviations(
  type: string,
  nameMatch: NameMatchSummary,
  supplied: boolean,
  existing: readonly Deviation[] = [],
): Outcome<Deviation[]> {
  const prior = existing.find((d) => d.type === type);
  if (!nameMatch.is_match && !supplied && !prior) return refuse(400, CO_APPLICANT_MSG.nameMismatch);
  if (!supplied && !prior) return accept([]);
  const info = { ...nameMatch } as Record<string, unknown>;
  const status = prior && comparedNames(prior.info) === comparedNames(info) ? prior.status : 'PENDING';
  return accept([{ type, info, status }]);
}
