import { featureText, type TextKey } from '../../i18n/feature-text';

/** The e-NACH mandate panel's texts (English, Hindi): issue 33, docs/mandate.md. */
export const mandateText = featureText(
  {
    'mandate.title': 'e-NACH mandate',
    'mandate.loading': 'Loading the mandate...',
    'mandate.loadFailed': 'The mandate could not be loaded.',
    'mandate.retryLoad': 'Try again',
    'mandate.offline': 'The mandate needs a connection: it is registered with the bank. Connect to continue.',
    'mandate.state': 'State',
    'mandate.state.NONE': 'Not registered yet',
    'mandate.state.PENDING': 'Waiting for the borrower’s code',
    'mandate.state.REGISTERED': 'Registered',
    'mandate.state.REJECTED': 'Rejected',
    'mandate.state.EXPIRED': 'Expired',
    'mandate.maxAmount': 'Maximum debit (monthly)',
    'mandate.emi': 'EMI',
    'mandate.firstDebit': 'First debit',
    'mandate.lastDebit': 'Last debit',
    'mandate.account': 'Bank account',
    'mandate.umrn': 'UMRN',
    'mandate.how':
      'The mandate lets the lender debit the EMI each month from the borrower’s verified bank account. Register it, then the borrower gets a code from the bank on their verified mobile and reads it out to you.',
    'mandate.register': 'Register mandate',
    'mandate.registerAgain': 'Register mandate again',
    'mandate.registering': 'Registering...',
    'mandate.sentTo': 'The bank sent a code to {mobile}.',
    'mandate.code': 'Borrower’s code from the bank',
    'mandate.codeHint': '6 digits, valid for 5 minutes',
    'mandate.authorise': 'Confirm code',
    'mandate.authorising': 'Confirming...',
    'mandate.registeredToast': 'Mandate registered',
    'mandate.lastReason': 'Last attempt: {reason}',
    'mandate.attempts': 'Attempts: {n}',
    'mandate.readOnly': 'The branch credit manager registers the mandate.',
    'mandate.failed': 'Something went wrong. Please try again.',
  },
  {
    'mandate.title': 'ई-NACH मैंडेट',
    'mandate.loading': 'मैंडेट लोड हो रहा है...',
    'mandate.loadFailed': 'मैंडेट लोड नहीं हो सका।',
    'mandate.retryLoad': 'फिर से कोशिश करें',
    'mandate.offline': 'मैंडेट के लिए इंटरनेट कनेक्शन चाहिए: यह बैंक के साथ दर्ज होता है। जारी रखने के लिए कनेक्ट करें।',
    'mandate.state': 'स्थिति',
    'mandate.state.NONE': 'अभी दर्ज नहीं',
    'mandate.state.PENDING': 'उधारकर्ता के कोड की प्रतीक्षा',
    'mandate.state.REGISTERED': 'दर्ज',
    'mandate.state.REJECTED': 'अस्वीकृत',
    'mandate.state.EXPIRED': 'समय-सीमा समाप्त',
    'mandate.maxAmount': 'अधिकतम डेबिट (मासिक)',
    'mandate.emi': 'EMI',
    'mandate.firstDebit': 'पहला डेबिट',
    'mandate.lastDebit': 'अंतिम डेबिट',
    'mandate.account': 'बैंक खाता',
    'mandate.umrn': 'UMRN',
    'mandate.how':
      'मैंडेट से ऋणदाता हर महीने उधारकर्ता के सत्यापित बैंक खाते से EMI काट सकता है। इसे दर्ज करें, फिर उधारकर्ता को उनके सत्यापित मोबाइल पर बैंक से एक कोड मिलेगा जिसे वे आपको बताएँगे।',
    'mandate.register': 'मैंडेट दर्ज करें',
    'mandate.registerAgain': 'मैंडेट फिर से दर्ज करें',
    'mandate.registering': 'दर्ज हो रहा है...',
    'mandate.sentTo': 'बैंक ने {mobile} पर कोड भेजा।',
    'mandate.code': 'बैंक से मिला उधारकर्ता का कोड',
    'mandate.codeHint': '6 अंक, 5 मिनट तक मान्य',
    'mandate.authorise': 'कोड की पुष्टि करें',
    'mandate.authorising': 'पुष्टि हो रही है...',
    'mandate.registeredToast': 'मैंडेट दर्ज हो गया',
    'mandate.lastReason': 'पिछला प्रयास: {reason}',
    'mandate.attempts': 'प्रयास: {n}',
    'mandate.readOnly': 'मैंडेट शाखा क्रेडिट मैनेजर दर्ज करते हैं।',
    'mandate.failed': 'कुछ गलत हो गया। कृपया फिर से कोशिश करें।',
  },
);

export type MandateKey = TextKey<typeof mandateText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    mandate: keyof typeof mandateText.en;
  }
}
