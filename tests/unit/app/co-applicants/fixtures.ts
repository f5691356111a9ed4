import { getDb } from '../../../../src/app/db/db';
import type { LocalApplication, LocalFile, LocalRecord } from '../../../../src/app/db/records';

export const ID = '0123456789abcdef0123456789abcdef';
export const LOCAL = 'local-app-1';

/** A co-borrower form as typed, valid for coApplicantSchema (sandbox persona RAMESH YADAV). */
export const RAMESH = {
  type: 'CO_BORROWER',
  relationship: 'Spouse',
  title: 'Mr.',
  phone: '9876543210',
  name: 'RAMESH YADAV',
  guardian_name: 'Shyam Yadav',
  guardian_relationship: 'Father',
  gender: 'MALE',
  income: '25000',
  dob: '03-09-1982',
  marital_status: 'Married',
  email: '',
  pincode: '560001',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  address: '12 MG Road, Bengaluru',
  landmark: '',
  pan: 'CRYPY5532L',
  aadhaar: '1238',
  voter_id: '',
};

export async function seedApplication(loanType = 'MFI_BUSINESS_LOAN', extra: Partial<LocalApplication> = {}) {
  await getDb().applications.put({
    localId: LOCAL,
    serverId: ID,
    status: 'DRAFT',
    stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
    syncState: 'synced',
    steps: { borrower: { gender: 'FEMALE', loan_type: loanType, name: 'LAKSHMI DEVI' } },
    createdAt: 1,
    updatedAt: 1,
    ...extra,
  });
}

/** A co-applicant the server already answered (`server`), or one still on its way. */
export async function seedRecord(localId: string, server: Record<string, unknown> | undefined, extra: Partial<LocalRecord> = {}) {
  const record: LocalRecord = {
    localId,
    applicationLocalId: LOCAL,
    kind: 'co_applicant',
    values: server ?? {},
    syncState: server ? 'synced' : 'pending',
    server,
    createdAt: Number.parseInt(localId.slice(-2), 16) || 1,
    updatedAt: 1,
    ...extra,
  };
  await getDb().records.put(record);
}

/** A file's record on the phone for a co-applicant's field (the bytes are not needed to submit). */
export async function seedFile(recordId: string, field: string, serverFileId?: string) {
  const file: LocalFile = {
    localId: `file-${recordId.slice(0, 4)}-${field}`,
    name: `${field}.jpg`,
    mime: 'image/jpeg',
    size: 10,
    capturedAt: 5,
    applicationLocalId: LOCAL,
    field: `co_applicant.${recordId}.${field}`,
    uploadState: serverFileId ? 'uploaded' : 'pending',
    serverFileId,
  };
  await getDb().files.put(file);
}

export const coApplicantId = (n: number) => n.toString(16).padStart(32, 'c');
