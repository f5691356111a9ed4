import * as z from 'zod/mini';
import { otpSchema, sessionIdSchema } from '../identity/auth.schema';

/**
 * The e-NACH mandate (issue 33, docs/mandate.md): a monthly debit on the borrower's verified bank
 * account, at most the EMI, from the first instalment's date to the last one's, registered with
 * the borrower's bank and authorised by the borrower's code.
 */

export const MANDATE_STATES = ['PENDING', 'REGISTERED', 'REJECTED', 'EXPIRED'] as const;
export type MandateState = (typeof MANDATE_STATES)[number];

/** The messages of the mandate routes, in English and Hindi (messages-hi.ts takes the pairs). */
export const MANDATE_MSG = {
  otherAccount: {
    en: 'The mandate can be registered only on the verified bank account. To debit another account, verify it in the bank account step first.',
    hi: 'मैंडेट केवल सत्यापित बैंक खाते पर दर्ज हो सकता है। किसी दूसरे खाते के लिए पहले बैंक खाता चरण में उसे सत्यापित करें।',
  },
  noVerifiedAccount: {
    en: 'The application has no verified bank account. Verify the bank account before registering the mandate.',
    hi: 'इस आवेदन में कोई सत्यापित बैंक खाता नहीं है। मैंडेट दर्ज करने से पहले बैंक खाता सत्यापित करें।',
  },
  noAcceptedOffer: {
    en: 'The mandate needs the accepted loan offer and its repayment schedule.',
    hi: 'मैंडेट के लिए स्वीकृत ऋण प्रस्ताव और उसकी किस्त-सूची चाहिए।',
  },
  mobileNotVerified: {
    en: "The borrower's mobile number is not verified, so the authorisation code cannot be sent.",
    hi: 'उधारकर्ता का मोबाइल नंबर सत्यापित नहीं है, इसलिए अनुमति कोड नहीं भेजा जा सकता।',
  },
  alreadyRegistered: {
    en: 'The mandate is already registered for this application.',
    hi: 'इस आवेदन के लिए मैंडेट पहले से दर्ज है।',
  },
  waitBeforeNew: {
    en: 'A code was sent less than 30 seconds ago. Please wait before asking for a new one.',
    hi: '30 सेकंड से कम पहले एक कोड भेजा गया था। नया कोड मांगने से पहले कृपया रुकें।',
  },
  attemptEnded: {
    en: 'This authorisation has ended. Register the mandate again to get a new code.',
    hi: 'यह अनुमति समाप्त हो गई है। नया कोड पाने के लिए मैंडेट फिर से दर्ज करें।',
  },
  codeExpired: {
    en: 'The code has expired. Register the mandate again to get a new code.',
    hi: 'कोड की समय-सीमा समाप्त हो गई है। नया कोड पाने के लिए मैंडेट फिर से दर्ज करें।',
  },
  tooManyWrong: {
    en: 'Too many wrong codes: the bank declined this authorisation. Register the mandate again to get a new code.',
    hi: 'बहुत से गलत कोड: बैंक ने यह अनुमति अस्वीकार कर दी। नया कोड पाने के लिए मैंडेट फिर से दर्ज करें।',
  },
  bankRejected: {
    en: 'The bank rejected the mandate: this account does not allow e-NACH debits. Verify another account in the bank account step.',
    hi: 'बैंक ने मैंडेट अस्वीकार कर दिया: इस खाते पर ई-NACH डेबिट की अनुमति नहीं है। बैंक खाता चरण में दूसरा खाता सत्यापित करें।',
  },
  unknownBank: {
    en: 'The bank rejected the mandate: the IFSC belongs to no bank live on e-NACH.',
    hi: 'बैंक ने मैंडेट अस्वीकार कर दिया: यह IFSC ई-NACH पर उपलब्ध किसी बैंक का नहीं है।',
  },
  bankTimeout: {
    en: 'The bank did not answer in time. Nothing was registered; please try again.',
    hi: 'बैंक ने समय पर जवाब नहीं दिया। कुछ भी दर्ज नहीं हुआ; कृपया फिर से कोशिश करें।',
  },
  sent: { en: 'Authorisation code sent to the borrower', hi: 'अनुमति कोड उधारकर्ता को भेजा गया' },
  registered: { en: 'Mandate registered', hi: 'मैंडेट दर्ज हो गया' },
} as const;

const bounded = (max: number) => z.string().check(z.maxLength(max));

/**
 * `POST /api/v1/app/mfi/{id}/mandate`: nothing needed, the verified account is used; an account
 * named here must be that one (anything else is 400).
 */
export const mandateRequestSchema = z.object({
  account_number: z.optional(z.string('account_number must be a string').check(z.maxLength(40, 'account_number is too long'))),
  ifsc: z.optional(z.string('ifsc must be a string').check(z.maxLength(20, 'ifsc is too long'))),
});
export type MandateRequestBody = z.infer<typeof mandateRequestSchema>;

/** `POST /api/v1/app/mfi/{id}/mandate/authorise`: the borrower's code for the session. */
export const mandateAuthoriseSchema = z.object({ session_id: sessionIdSchema, otp: otpSchema });
export type MandateAuthoriseBody = z.infer<typeof mandateAuthoriseSchema>;

const attemptSchema = z.object({
  id: bounded(32),
  state: z.enum(MANDATE_STATES),
  reason: z.nullable(bounded(400)),
  created_at: bounded(32),
  updated_at: bounded(32),
});

/** What the mandate routes answer: where it stands, its limits and dates, the account (masked), the UMRN, the attempts. */
export const mandateViewSchema = z.object({
  application_id: bounded(32),
  /** NONE: never tried; else the state of the registered mandate or of the latest attempt. */
  state: z.enum(['NONE', ...MANDATE_STATES]),
  frequency: z.literal('MONTHLY'),
  /** Rupees with 2 decimals: the most one debit may take, and the offer's EMI. */
  max_amount: z.nullable(z.number()),
  emi: z.nullable(z.number()),
  first_debit: z.nullable(bounded(10)),
  last_debit: z.nullable(bounded(10)),
  instalments: z.nullable(z.number()),
  account: z.nullable(z.object({ account_number: bounded(40), ifsc: bounded(20), bank_name: z.nullable(bounded(200)) })),
  umrn: z.nullable(bounded(40)),
  /** The open authorisation's session (PENDING), for the borrower's code. */
  session_id: z.nullable(bounded(32)),
  mobile: z.nullable(bounded(16)),
  resend_after_seconds: z.nullable(z.number()),
  registered_at: z.nullable(bounded(32)),
  attempts: z.array(attemptSchema).check(z.maxLength(1000)),
});
export type MandateView = z.infer<typeof mandateViewSchema>;

/** `XXXXXX1234`: only the last four digits of an account leave the server. */
export const maskAccountNumber = (account: string) => `${'X'.repeat(Math.max(account.length - 4, 2))}${account.slice(-4)}`;
