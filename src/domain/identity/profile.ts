import type { OutboxPublicKey } from './sealed-envelope';
import type { Profile } from './profile.schema';

/** Spec 01 §3 Profile, as `GET /api/v1/user/me` answers it (its schema: profile.schema.ts). */
export type { Profile } from './profile.schema';

export const EMPTY_PROFILE: Profile = {
  id: -1,
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  address: '',
  pincode: '',
  city: '',
  state: '',
  role: 'MFI_EMPLOYEE',
  mfi_employee: null,
  pan: '',
  aadhaar_front: '',
  aadhaar_back: '',
  cancelled_cheque: '',
  account_number: '',
  bank_name: '',
  ifsc: '',
};

/** Success and failure envelopes of DECISIONS.md. */
export type Ok<T> = { success: true; data: T; message?: string };
export type Fail = { success: false; message: string; status_code: number };
export type Envelope<T> = Ok<T> | Fail;

export type TenantConfig = {
  tenant: string;
  display_name: string;
  favicon_url: string;
  logo_url: string;
  theme_color: string;
  terms_url: string;
  privacy_url: string;
  contact_url: string;
  loan_pricing: LoanPricing;
  loan_disclosures: LoanDisclosures;
  /** Minutes without a touch before the app locks (app-lock.ts); 5 unless the tenant sets its own. */
  app_lock_idle_minutes: number;
  /** The server's outbox public key (sealed-envelope.ts): queued requests are sealed for it. Absent from a cached config of before. */
  outbox_key?: OutboxPublicKey;
};

export type LoanPricing = {
  interest_rate_pa: Record<string, number>;
  processing_fee_rate: number;
  gst_on_fee_rate: number;
  insurance_rate: number;
};

/**
 * What a tenant's Key Fact Statement discloses beyond the upfront pricing (DECISIONS.md "Key Fact
 * Statement"): contingent charges in rupees (GST added at `gst_rate`, except on the penal charge:
 * docs/decisions-made.md "No GST on the penal charge"), the insurer, the nodal grievance officer and the
 * cooling-off period.
 */
export type LoanDisclosures = {
  contingent_charges: {
    /** Per overdue instalment; not compounded, not added to the rate; no GST (CBIC Circular No. 245/02/2025-GST). */
    penal_charge_per_instalment: number;
    /** NACH or cheque bounce. */
    bounce_charge: number;
    /** A fraction of the principal outstanding; 0 is nil. */
    foreclosure_charge_rate: number;
    gst_rate: number;
  };
  insurer_name: string;
  grievance_officer: { name: string; phone: string; email: string };
  cooling_off_days: number;
};
