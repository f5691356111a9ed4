import type { KeyRing } from '../../providers/kms/kms-provider';
import { missingVerifications, type MissingVerification, type Tenant, type VerificationFacts } from '../../../domain';
import type { Db } from '../../db/client';
import type { ApplicationRow, CoApplicantRow } from '../../db/schema';
import { keyedVerificationOf } from '../verification/verification.service';
import { listCoApplicantRows } from '../../kernels/records';
import { aadhaarVerified } from './borrower-record';

const verified = (data: Record<string, unknown>, kind: 'pan' | 'voter_id', value: unknown) =>
  typeof value === 'string' && keyedVerificationOf(data, kind, value)?.status === 'VERIFIED';

/**
 * The checks recorded on an application (DECISIONS.md "Offline rules"), given its co-applicant
 * rows: only ACTIVE ones count, and a co-applicant's PAN is checked on the application too.
 * `data` is the application's data as it will be after the update being made.
 */
export function verificationFactsOf(data: Record<string, unknown>, coRows: readonly CoApplicantRow[], key: KeyRing): VerificationFacts {
  return {
    mobile: data.is_phone_verified === true,
    aadhaar: aadhaarVerified(data, key),
    pan: verified(data, 'pan', data.pan),
    voterId: verified(data, 'voter_id', data.voter_id),
    gender: typeof data.gender === 'string' ? data.gender : null,
    coApplicants: coRows
      .filter((row) => row.status === 'ACTIVE')
      .map((row) => ({
        type: row.type,
        name: typeof row.data.name === 'string' ? row.data.name : null,
        panVerified: verified(data, 'pan', row.data.pan),
      })),
  };
}

/** What still blocks an application from leaving DRAFT, read from the checks recorded on it. */
export async function missingVerificationsOf(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  application: ApplicationRow,
  data: Record<string, unknown>,
  key: KeyRing,
): Promise<MissingVerification[]> {
  const coRows = await listCoApplicantRows(db, tenant, application.id);
  return missingVerifications(verificationFactsOf(data, coRows, key));
}
