// A guest's paid call may be refused for its address or its tenant: those messages in the person's language load with it.
import '../i18n/guest-quota.text';
import type { AnswerOf, Envelope, NameSource, VERIFICATION_ROUTES } from '../../domain';
import { pathOf } from '../../domain/routes/route';
import { VALIDATION_PATHS } from '../../domain/routes/validation.paths';
import { VERIFICATION_PATHS } from '../../domain/routes/verification.paths';
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

export type AadhaarOtpSent = AnswerOf<typeof VERIFICATION_ROUTES.requestAadhaarOtp>;
// The e-KYC's identity and the name match are read as loosely as before (the screens and their
// tests take partial answers); the table's answers (AnswerOf) are whole.
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
  requestEnvelope(verificationApi.post(pathOf(VERIFICATION_PATHS.requestAadhaarOtp), { aadhaar, application_id: applicationId }));

export const submitAadhaarOtp = (input: {
  ref_id: string;
  origin: string;
  otp: string;
  application_id: string;
}): Promise<Envelope<AadhaarIdentity>> => requestEnvelope(verificationApi.post(pathOf(VERIFICATION_PATHS.submitAadhaarOtp), input));

export const verifyPan = (pan: string, applicationId: string): Promise<Envelope<AnswerOf<typeof VERIFICATION_ROUTES.verifyPan>>> =>
  requestEnvelope(verificationApi.post(pathOf(VERIFICATION_PATHS.verifyPan), { pan, application_id: applicationId }));

/** Spec 02 §7: the reference is a fixed prefix, four characters of the voter id and a timestamp. */
export const voterReference = (voterId: string, now = Date.now()) => `SAHYOG${voterId.slice(0, 4)}${now}`;

export const verifyVoterId = (
  voterId: string,
  applicationId: string,
): Promise<Envelope<AnswerOf<typeof VERIFICATION_ROUTES.verifyVoterId>>> =>
  requestEnvelope(
    verificationApi.post(pathOf(VERIFICATION_PATHS.verifyVoterId), {
      voter_id: voterId,
      reference: voterReference(voterId),
      application_id: applicationId,
    }),
  );

export type { NameSource } from '../../domain';
export type NameMatchResult = { is_match: boolean; score: number } & Record<string, unknown>;

export const matchNames = (applicationId: string, values: { value: string; source: NameSource }[]): Promise<Envelope<NameMatchResult>> =>
  requestEnvelope(verificationApi.post(pathOf(VERIFICATION_PATHS.nameMatcher), { application_id: applicationId, values }));
