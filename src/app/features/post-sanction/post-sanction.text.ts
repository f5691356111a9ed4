import { featureText } from '../../i18n/feature-text';

/** The "Agreement and mandate" screen's texts (English, Hindi); online only (vite.config.ts). */
export const postSanctionText = featureText(
  {
    'agreement.title': 'Agreement and mandate',
    'agreement.invalidId': 'This address does not name an application.',
    'agreement.offline': 'The agreement and its signatures need a connection. Connect to continue.',
    'agreement.loading': 'Loading the loan agreement...',
    'agreement.heading': 'Loan agreement',
    'agreement.none': 'The loan agreement has not been made yet.',
    'agreement.noneOfficer': 'The credit manager makes the loan agreement first.',
    'agreement.make': 'Make the loan agreement',
    'agreement.remake': 'Make it again',
    'agreement.made': 'Loan agreement {number}',
    'agreement.kfs': 'Key Fact Statement {number}, hash {hash}',
    'agreement.pdf': 'Download the PDF',
    'agreement.signers': 'Signers',
    'agreement.kind.BORROWER': 'Borrower',
    'agreement.kind.CO_BORROWER': 'Co-borrower',
    'agreement.kind.GUARANTOR': 'Guarantor',
    'agreement.state.PENDING': 'Not signed yet',
    'agreement.state.SIGNED': 'Signed {time}',
    'agreement.sendCode': 'Send code',
    'agreement.codeSent': 'Code sent to {mobile}.',
    'agreement.code': "Signer's code",
    'agreement.sign': 'Sign',
    'agreement.allSigned': 'Every signer has signed the loan agreement.',
    'agreement.status': 'Application status: {status}',
    'agreement.failed': 'That did not work. Please try again.',
  },
  {
    'agreement.title': 'समझौता और मैंडेट',
    'agreement.invalidId': 'यह पता किसी आवेदन का नहीं है।',
    'agreement.offline': 'समझौते और उसके हस्ताक्षरों के लिए कनेक्शन चाहिए। आगे बढ़ने के लिए कनेक्ट करें।',
    'agreement.loading': 'ऋण समझौता लोड हो रहा है...',
    'agreement.heading': 'ऋण समझौता',
    'agreement.none': 'ऋण समझौता अभी नहीं बना है।',
    'agreement.noneOfficer': 'पहले क्रेडिट मैनेजर ऋण समझौता बनाते हैं।',
    'agreement.make': 'ऋण समझौता बनाएँ',
    'agreement.remake': 'फिर से बनाएँ',
    'agreement.made': 'ऋण समझौता {number}',
    'agreement.kfs': 'मुख्य तथ्य विवरण {number}, हैश {hash}',
    'agreement.pdf': 'PDF डाउनलोड करें',
    'agreement.signers': 'हस्ताक्षरकर्ता',
    'agreement.kind.BORROWER': 'उधारकर्ता',
    'agreement.kind.CO_BORROWER': 'सह-उधारकर्ता',
    'agreement.kind.GUARANTOR': 'गारंटर',
    'agreement.state.PENDING': 'अभी हस्ताक्षर नहीं हुए',
    'agreement.state.SIGNED': '{time} को हस्ताक्षर हुए',
    'agreement.sendCode': 'कोड भेजें',
    'agreement.codeSent': '{mobile} पर कोड भेजा गया।',
    'agreement.code': 'हस्ताक्षरकर्ता का कोड',
    'agreement.sign': 'हस्ताक्षर करें',
    'agreement.allSigned': 'सभी हस्ताक्षरकर्ताओं ने ऋण समझौते पर हस्ताक्षर कर दिए हैं।',
    'agreement.status': 'आवेदन की स्थिति: {status}',
    'agreement.failed': 'यह नहीं हो सका। कृपया फिर से प्रयास करें।',
  },
);

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    postSanction: keyof typeof postSanctionText.en;
  }
}
