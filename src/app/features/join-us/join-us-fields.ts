import { digitsOnly, joinUsRequestSchema, LIMITS, typedFieldsOf, type JoinUsRequest } from '../../../domain';
import type { JoinUsFileType } from '../../api/join-us.api';
import { toLocalMobile } from '../../components/mobile-input';
import type { JoinUsKey } from './join-us.text';

/** The text fields of the partner registration payload (spec 01 §3): the schema's, in its order. */
export type TextField = Exclude<keyof JoinUsRequest, FileField>;
export const TEXT_FIELDS = typedFieldsOf<TextField>(joinUsRequestSchema, []);
export type TextValues = Record<TextField, string>;

/** The uploads of the payload: file ids. */
export const FILE_FIELDS = ['pan', 'aadhaar_front', 'aadhaar_back', 'gst', 'cancelled_cheque'] as const;
export type FileField = (typeof FILE_FIELDS)[number];

export const EMPTY_VALUES: TextValues = Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])) as TextValues;

const upperAlphanumeric = (max: number) => (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, max);

/** What each field keeps of what was typed (spec 01 §5 "Input behaviour"). */
export const NORMALISE: Partial<Record<TextField, (value: string) => string>> = {
  mobile: toLocalMobile,
  pincode: (value) => digitsOnly(value, LIMITS.pincodeLength),
  account_number: (value) => digitsOnly(value, 18),
  ifsc: upperAlphanumeric(11),
  gst_number: upperAlphanumeric(15),
};

export type TextFieldSpec = {
  name: TextField;
  label: JoinUsKey;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: string;
  autoCapitalize?: 'characters' | 'words' | 'off';
};

export const FIELD_SPECS: Record<TextField, TextFieldSpec> = {
  first_name: { name: 'first_name', label: 'joinUs.firstName', autoComplete: 'given-name', autoCapitalize: 'words' },
  last_name: { name: 'last_name', label: 'joinUs.lastName', autoComplete: 'family-name', autoCapitalize: 'words' },
  mobile: { name: 'mobile', label: 'joinUs.mobile', type: 'tel', inputMode: 'numeric', autoComplete: 'tel' },
  email: { name: 'email', label: 'joinUs.email', type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'off' },
  business_name: { name: 'business_name', label: 'joinUs.businessName', autoComplete: 'organization' },
  gst_number: { name: 'gst_number', label: 'joinUs.gstNumber', autoCapitalize: 'characters', autoComplete: 'off' },
  pincode: { name: 'pincode', label: 'joinUs.pincode', inputMode: 'numeric', autoComplete: 'postal-code' },
  city: { name: 'city', label: 'joinUs.city', autoComplete: 'address-level2' },
  state: { name: 'state', label: 'joinUs.state', autoComplete: 'address-level1' },
  address: { name: 'address', label: 'joinUs.address', autoComplete: 'street-address' },
  bank_name: { name: 'bank_name', label: 'joinUs.bankName', autoComplete: 'off' },
  account_number: { name: 'account_number', label: 'joinUs.accountNumber', inputMode: 'numeric', autoComplete: 'off' },
  ifsc: { name: 'ifsc', label: 'joinUs.ifsc', autoCapitalize: 'characters', autoComplete: 'off' },
};

/** The form's sections, in the order shown (the schema's order, so the first message is the first field). */
export const SECTIONS: { legend: JoinUsKey; fields: TextField[] }[] = [
  { legend: 'joinUs.yourDetails', fields: ['first_name', 'last_name', 'mobile', 'email'] },
  { legend: 'joinUs.businessDetails', fields: ['business_name', 'gst_number'] },
  { legend: 'joinUs.addressDetails', fields: ['pincode', 'city', 'state', 'address'] },
  { legend: 'joinUs.bankDetails', fields: ['bank_name', 'account_number', 'ifsc'] },
];

export type UploadSpec = { field: FileField; label: JoinUsKey; fileType: JoinUsFileType };

/** PAN, Aadhaar front and back and the cancelled cheque are required; GST is optional (spec 01 §2). */
export const UPLOAD_SPECS: UploadSpec[] = [
  { field: 'pan', label: 'joinUs.pan', fileType: 'PAN' },
  { field: 'aadhaar_front', label: 'joinUs.aadhaarFront', fileType: 'AADHAAR_FRONT' },
  { field: 'aadhaar_back', label: 'joinUs.aadhaarBack', fileType: 'AADHAAR_BACK' },
  { field: 'gst', label: 'joinUs.gst', fileType: 'GST' },
  { field: 'cancelled_cheque', label: 'joinUs.cancelledCheque', fileType: 'CANCELLED_CHEQUE' },
];
