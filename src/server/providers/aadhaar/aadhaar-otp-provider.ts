import type { Tenant } from '../../../domain';
import type { Outcome } from '../../outcome';

/**
 * What a verified Aadhaar answers (DOB as DD-MM-YYYY, gender M/F); the pincode is the e-KYC's
 * own field (UIDAI's `pc`), so the app can fill the place from it (issue 21 D6).
 */
export type AadhaarIdentity = { name: string; dob: string; gender: string; address: string; pincode?: string };

export type AadhaarOtpRequest = {
  tenant: Tenant;
  /** A 12-digit number that passed the Verhoeff check. */
  aadhaar: string;
  /** The borrower's verified mobile: where a sandbox sends the code (a real UIDAI gateway uses the Aadhaar-linked one). */
  mobile: string;
};

/** Aadhaar e-KYC by OTP: request a code for a number, then submit it against the reference. */
export type AadhaarOtpProvider = {
  requestOtp(request: AadhaarOtpRequest): Promise<Outcome<{ ref_id: string }>>;
  submitOtp(submit: { tenant: Tenant; ref_id: string; otp: string }): Promise<Outcome<AadhaarIdentity>>;
};
