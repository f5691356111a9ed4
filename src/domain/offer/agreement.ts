import * as z from 'zod/mini';
import { otpSchema, sessionIdSchema } from '../identity/auth.schema';
import type { Bilingual } from './kfs-consent';
import { LANGUAGES } from '../messages/languages';

/**
 * The sanction letter and loan agreement and its e-sign (issue 33): made by the credit manager
 * from the accepted offer once the application is APPROVED, signed by the borrower, each active
 * co-borrower and guarantor with a code texted to their mobile, each signature embedded in the
 * PDF. Its terms are the accepted offer's: after APPROVED they cannot change.
 */

export const AGREEMENT_STATES = ['NONE', 'PENDING', 'SIGNED'] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];
export const SIGNER_KINDS = ['BORROWER', 'CO_BORROWER', 'GUARANTOR'] as const;
export type SignerKind = (typeof SIGNER_KINDS)[number];

export const AGREEMENT_MSG = {
  made: { en: 'Loan agreement made', hi: 'ऋण समझौता बन गया' },
  codeSent: { en: 'Code sent to the signer', hi: 'हस्ताक्षरकर्ता को कोड भेजा गया' },
  signed: { en: 'Signed', hi: 'हस्ताक्षर हो गए' },
  noAgreement: {
    en: 'There is no loan agreement yet: the credit manager makes it first.',
    hi: 'अभी कोई ऋण समझौता नहीं है: पहले क्रेडिट मैनेजर इसे बनाएं।',
  },
  alreadySigned: {
    en: 'The loan agreement cannot be made again: someone has already signed it.',
    hi: 'ऋण समझौता फिर से नहीं बनाया जा सकता: उस पर किसी ने हस्ताक्षर कर दिए हैं।',
  },
  notAccepted: {
    en: 'The loan agreement needs the accepted loan offer with its acknowledged Key Fact Statement.',
    hi: 'ऋण समझौते के लिए स्वीकार किया गया ऋण प्रस्ताव और उसका स्वीकार किया गया मुख्य तथ्य विवरण चाहिए।',
  },
  signerNotFound: { en: 'No such signer on this loan agreement.', hi: 'इस ऋण समझौते पर ऐसा कोई हस्ताक्षरकर्ता नहीं है।' },
  signerSigned: { en: 'This signer has already signed the loan agreement.', hi: 'यह हस्ताक्षरकर्ता पहले ही हस्ताक्षर कर चुका है।' },
  signerNoMobile: {
    en: 'This signer has no mobile number on record: add it before signing.',
    hi: 'इस हस्ताक्षरकर्ता का कोई मोबाइल नंबर दर्ज नहीं है: हस्ताक्षर से पहले इसे जोड़ें।',
  },
  agreementChanged: {
    en: 'The loan agreement was made again since this code was sent: send a new code.',
    hi: 'यह कोड भेजे जाने के बाद ऋण समझौता फिर से बनाया गया: नया कोड भेजें।',
  },
  providerUnavailable: {
    en: 'The e-sign service did not answer. Nothing was signed; please try again.',
    hi: 'ई-हस्ताक्षर सेवा ने उत्तर नहीं दिया। कुछ भी हस्ताक्षरित नहीं हुआ; कृपया फिर से प्रयास करें।',
  },
  pdfNotMade: {
    en: "The loan agreement's PDF could not be made just now. Please try again in a minute.",
    hi: 'ऋण समझौते का PDF अभी नहीं बन सका। कृपया एक मिनट बाद फिर से प्रयास करें।',
  },
} as const satisfies Record<string, Bilingual>;

/** The agreement's number: one per application (its tracker id), the same when made again. */
export const agreementNumberOf = (trackerId: string | null, applicationId: string) =>
  `LA-${trackerId ?? applicationId.slice(0, 10).toUpperCase()}`;

/** The reason every signature carries (issue 33). */
export const signatureReason = (agreementNumber: string) => `Loan agreement ${agreementNumber}`;

const SIGNER_ID_MSG = 'signer_id must be the id of a signer of the agreement';
const signerId = z.string().check(z.length(32, SIGNER_ID_MSG), z.regex(/^[0-9a-f]{32}$/, SIGNER_ID_MSG));

/** `POST /api/v1/app/mfi/{id}/agreement/esign`. */
export const esignStartSchema = z.object({ signer_id: signerId });
export type EsignStartRequest = z.infer<typeof esignStartSchema>;
/** `POST /api/v1/app/mfi/{id}/agreement/esign/verify`. */
export const esignVerifySchema = z.object({ session_id: sessionIdSchema, otp: otpSchema });
export type EsignVerifyRequest = z.infer<typeof esignVerifySchema>;

const bounded = (max: number) => z.string().check(z.maxLength(max));

export const agreementSignerSchema = z.object({
  id: bounded(32),
  kind: z.enum(SIGNER_KINDS),
  name: bounded(200),
  mobile: bounded(16),
  state: z.enum(['PENDING', 'SIGNED']),
  signed_at: z.nullable(bounded(40)),
});
export type AgreementSignerView = z.infer<typeof agreementSignerSchema>;

/** What GET and POST agreement answer. */
export const agreementViewSchema = z.object({
  state: z.enum(AGREEMENT_STATES),
  application_status: bounded(40),
  number: z.nullable(bounded(64)),
  language: z.nullable(z.enum(LANGUAGES)),
  kfs_number: z.nullable(bounded(64)),
  kfs_hash: z.nullable(bounded(64)),
  made_at: z.nullable(bounded(40)),
  pdf_sha256: z.nullable(bounded(64)),
  signers: z.array(agreementSignerSchema).check(z.maxLength(20)),
});
export type AgreementView = z.infer<typeof agreementViewSchema>;

/** What esign answers. */
export const esignSentSchema = z.object({
  session_id: bounded(64),
  signer_id: bounded(32),
  mobile: bounded(16),
  resend_after_seconds: z.number(),
});
export type EsignSent = z.infer<typeof esignSentSchema>;
