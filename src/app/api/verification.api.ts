// A guest's paid call may be refused for its address or its tenant: those messages in the person's language load with it.
import '../i18n/guest-quota.text';
import type { Envelope } from '../../domain';
import { pathOf } from '../../domain/routes/route';
import { VALIDATION_PATHS } from '../../domain/routes/validation.paths';
import { mainApi, verificationApi } from './clients';
import { requestEnvelope } from './envelope';

// Online-only checks (DECISIONS "Needs connection"): mobile validation OTP, Aadhaar OTP, PAN,
// voter ID and name match. Each answers the envelope; a 4xx comes back with the server's message.

export const sendValidationOtp = (mobile: string): Promise<Envelope<{ session_id: string }>> =>
  requestEnvelope(mainApi.post(pathOf(VALIDATION_PATHS.send), { mobile, hostname: location.hostname }));

export const resendValidationOtp = (sessionId: string): Promise<Envelope<unknown>> =>
  requestEnvelope(mainApi.post(pathOf(VALIDATION_PATHS.resend), { session_id: sessionId }));

/** A verified code creates the application (DRAFT) and answers its id. */
export const verifyValidationOtp = (sessionId: string, otp: string): Promise<Envelope<{ application_id: string }>> =>
  requestEnvelope(mainApi.post(pathOf(VALIDATION_PATHS.verify), { session_id: sessionId, otp, purpose: 'APPLY_LOAN_MFI' }));

export type AadhaarOtpSent = { status: string; ref_id: string; origin: string };
export type AadhaarIdentity = {
  status: string;
  name?: string;
  dob?: string;
  gender?: string;
  address?: string;
  /** The e-KYC's pincode: the form's place is filled from it (issue 21 D6). */
  pincode?: string;
  aadhaar_masked?: string;
} & Record<string, unknown>;

export const requestAadhaarOtp = (aadhaar: string, applicationId: string): Promise<Envelope<AadhaarOtpSent>> =>
  requestEnvelope(verificationApi.post('/v1/request_aadhaar_otp', { aadhaar, application_id: applicationId }));

export const submitAadhaarOtp = (input: {
  ref_id: string;
  origin: string;
  otp: string;
  application_id: string;
}): Promise<Envelope<AadhaarIdentity>> => requestEnvelope(verificationApi.post('/v1/submit_aadhaar_otp', input));

export const verifyPan = (pan: string, applicationId: string): Promise<Envelope<{ name_pan_card: string; pan: string }>> =>
  requestEnvelope(verificationApi.post('/v1/verify_pan_lite', { pan, application_id: applicationId }));

/** Spec 02 §7: the reference is a fixed prefix, four characters of the voter id and a timestamp. */
export const voterReference = (voterId: string, now = Date.now()) => `SAHYOG${voterId.slice(0, 4)}${now}`;

export const verifyVoterId = (voterId: string, applicationId: string): Promise<Envelope<{ result: { name: string; voter_id: string } }>> =>
  requestEnvelope(
    verificationApi.post('/v1/perfios/kyc/verify-voter-id', {
      voter_id: voterId,
      reference: voterReference(voterId),
      application_id: applicationId,
    }),
  );

export type NameSource = 'PAN' | 'VOTER_ID' | 'INPUT' | 'BANK_ACCOUNT' | 'AADHAAR';
export type NameMatchResult = { is_match: boolean; score: number } & Record<string, unknown>;

export const matchNames = (applicationId: string, values: { value: string; source: NameSource }[]): Promise<Envelope<NameMatchResult>> =>
  requestEnvelope(verificationApi.post('/v1/name_matcher', { application_id: applicationId, values }));
