import { featureText, type TextKey } from '../../i18n/feature-text';
import type { BusinessStepsKey } from '../../i18n/business-steps.text';

/** The texts only the bank-account screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const bankAccountText = featureText(
  {
    'bank.title': 'Bank Account Details',
    'bank.details': 'Account',
    'bank.holder': 'Account holder name',
    'bank.accountNumber': 'Account number',
    'bank.confirmAccountNumber': 'Confirm account number',
    'bank.accountType': 'Account type',
    'bank.ifsc': 'IFSC code',
    'bank.ifscHint': '11 characters, as on the cheque book, for example SBIN0001234.',
    'bank.bankName': 'Bank name',
    'bank.proof': 'Bank proof (passbook or cancelled cheque)',
    'bank.verify': 'Verify',
    'bank.verifying': 'Verifying...',
    'bank.verifiedState': 'Bank Verified ✓',
    'bank.holderAtBank': 'Name at the bank: {name}',
    'bank.offlineNote':
      'You are offline: Submit saves the details on this phone and sends them when there is a connection. Verify needs a connection.',
    'bank.submit': 'Submit',
    'bank.refusedNameMismatch': 'The server refused the bank account: the name does not match. Review it or continue with deviation.',
    'bank.changeAccount': 'Change account',
    'bank.changeTitle': 'Change the bank account?',
    'bank.changeMessage': 'The verification of the account ending {last4} ({ifsc}) will be cleared.',
    'bank.changeMessageThis': 'The verification of this account will be cleared.',
    'bank.changeDetail':
      'Account number, confirmation and IFSC can then be corrected, and the account must be verified again. The change is recorded in the application history.',
    'bank.changeToFix': 'The account is verified, so these fields are locked: press Change account to correct them.',
    'bank.changeFailed': 'The account could not be changed on this phone. Please try again.',
    'bank.fromStatement': 'Read from the bank statements',
    'bank.statementIdentity': '{name}, account {account}, IFSC {ifsc}, {bank}, {type}',
    'bank.fillFromStatement': 'Fill in these details',
  },
  {
    'bank.title': 'बैंक खाता विवरण',
    'bank.details': 'खाता',
    'bank.holder': 'खाताधारक का नाम',
    'bank.accountNumber': 'खाता संख्या',
    'bank.confirmAccountNumber': 'खाता संख्या की पुष्टि करें',
    'bank.accountType': 'खाते का प्रकार',
    'bank.ifsc': 'IFSC कोड',
    'bank.ifscHint': '11 अक्षर, जैसे चेक बुक पर लिखे हैं, उदाहरण के लिए SBIN0001234।',
    'bank.bankName': 'बैंक का नाम',
    'bank.proof': 'बैंक प्रमाण (पासबुक या रद्द चेक)',
    'bank.verify': 'सत्यापित करें',
    'bank.verifying': 'सत्यापित किया जा रहा है...',
    'bank.verifiedState': 'बैंक सत्यापित ✓',
    'bank.holderAtBank': 'बैंक में नाम: {name}',
    'bank.offlineNote': 'आप ऑफ़लाइन हैं: जमा करने पर विवरण इस फ़ोन पर सहेजे जाएँगे और कनेक्शन मिलने पर भेजे जाएँगे। सत्यापन के लिए कनेक्शन चाहिए।',
    'bank.submit': 'जमा करें',
    'bank.refusedNameMismatch': 'सर्वर ने बैंक खाता अस्वीकार किया: नाम मेल नहीं खाता। जांचें या विचलन के साथ जारी रखें।',
    'bank.changeAccount': 'खाता बदलें',
    'bank.changeTitle': 'बैंक खाता बदलें?',
    'bank.changeMessage': '{last4} पर समाप्त होने वाले खाते ({ifsc}) का सत्यापन हटा दिया जाएगा।',
    'bank.changeMessageThis': 'इस खाते का सत्यापन हटा दिया जाएगा।',
    'bank.changeDetail':
      'इसके बाद खाता संख्या, पुष्टि और IFSC सुधारे जा सकते हैं, और खाते को फिर से सत्यापित करना होगा। यह बदलाव आवेदन के इतिहास में दर्ज होता है।',
    'bank.changeToFix': 'खाता सत्यापित है, इसलिए ये फ़ील्ड बंद हैं: इन्हें सुधारने के लिए "खाता बदलें" दबाएँ।',
    'bank.changeFailed': 'इस फ़ोन पर खाता नहीं बदला जा सका। कृपया फिर से प्रयास करें।',
    'bank.fromStatement': 'बैंक स्टेटमेंट से पढ़ा गया',
    'bank.statementIdentity': '{name}, खाता {account}, IFSC {ifsc}, {bank}, {type}',
    'bank.fillFromStatement': 'ये विवरण भरें',
  },
);

export type BankAccountKey = TextKey<typeof bankAccountText> | BusinessStepsKey;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    bankAccount: keyof typeof bankAccountText.en;
  }
}
