import { draftKey } from '../../../../src/app/db/drafts.repository';
import type { LocalFile } from '../../../../src/app/db/records';
import { db } from '../family-members/family-members-support';

export { APP_ID, db, freshApplication } from '../family-members/family-members-support';

export const BANKS = [
  { id: 1, name: 'State Bank of India', code: 'SBIN' },
  { id: 2, name: 'HDFC Bank', code: 'HDFC' },
];

export async function putBanks(banks = BANKS): Promise<void> {
  await db.lookups.put({ key: 'bank-list', value: banks, updatedAt: 0 });
}

/** A file chosen on this phone, with its bytes (the upload box lists only files it can show). */
export async function putFileWithBlob(
  applicationLocalId: string,
  field: string,
  localId: string,
  extra: Partial<LocalFile> = {},
): Promise<void> {
  await db.files.put({
    localId,
    name: `${localId}.pdf`,
    mime: 'application/pdf',
    size: 10,
    capturedAt: 1,
    applicationLocalId,
    field,
    uploadState: 'pending',
    ...extra,
  });
  await db.fileBlobs.put({ localId, blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) });
}

export async function putDraft(form: string, applicationLocalId: string, values: Record<string, unknown>): Promise<void> {
  await db.drafts.put({ key: draftKey(form, applicationLocalId), form, applicationLocalId, values, updatedAt: 1 });
}

/** Every typed field of the business form valid (files apart). */
export const VALID_BUSINESS = {
  business_name: 'Lakshmi Tailors',
  business_type: 'Sole Proprietorship',
  sector_of_business: 'Services',
  category_of_business: 'Tailoring',
  business_pincode: '302001',
  business_district: 'Jaipur',
  business_city: 'Jaipur',
  business_state: 'Rajasthan',
  business_address: '14 Bapu Bazaar, Jaipur',
  business_address_ownership_type: 'SELF_OWNED',
  years_in_business: '6',
  bank_name: 'State Bank of India',
  statement_bank_id: '1',
  bank_account_type: 'SAVINGS',
  business_proof_type: 'Others',
  ownership_proof_type: 'BUSINESS',
  business_ownership_proof: 'land revenue receipt',
};
