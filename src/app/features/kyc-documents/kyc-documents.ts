import { IMAGE_OR_PDF, IMAGES_ONLY, type AcceptToken } from '../../components/upload/check-file';
import type { KycKey } from './kyc-documents.text';

/** Spec 01 §7 "Uploads": the borrower's KYC documents go as personal info, prefix borrower. */
export const KYC_UPLOAD = { upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'borrower' } as const;

export type KycFileField = 'photo_file' | 'pan_file' | 'aadhaar_front_file' | 'aadhaar_back_file' | 'voter_id_file' | 'voter_id_back_file';

export type KycDocument = {
  /** The KYC field (spec 02 §3) the file is the value of. */
  field: KycFileField;
  label: KycKey;
  file_type: string;
  accept: AcceptToken[];
  /** The borrower photo is geo-tagged, whether captured or selected. */
  geoTag?: boolean;
};

/** The document uploads of the KYC step, in screen order. */
export const KYC_DOCUMENTS: KycDocument[] = [
  { field: 'photo_file', label: 'kyc.photo', file_type: 'BORROWER_PHOTO', accept: IMAGES_ONLY, geoTag: true },
  { field: 'pan_file', label: 'kyc.pan', file_type: 'PAN', accept: IMAGE_OR_PDF },
  { field: 'aadhaar_front_file', label: 'kyc.aadhaarFront', file_type: 'AADHAAR_FRONT', accept: IMAGE_OR_PDF },
  { field: 'aadhaar_back_file', label: 'kyc.aadhaarBack', file_type: 'AADHAAR_BACK', accept: IMAGE_OR_PDF },
  { field: 'voter_id_file', label: 'kyc.voterId', file_type: 'VOTER_ID', accept: IMAGE_OR_PDF },
  { field: 'voter_id_back_file', label: 'kyc.voterIdBack', file_type: 'VOTER_ID_BACK', accept: IMAGE_OR_PDF },
];

/** Body field → the phone's file field (the same names: the borrower's files are per application). */
export const KYC_FILE_FIELDS: Record<KycFileField, KycFileField> = Object.fromEntries(
  KYC_DOCUMENTS.map((doc) => [doc.field, doc.field]),
) as Record<KycFileField, KycFileField>;
