import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the rejection screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const rejectionText = featureText(
  {
    'rejection.title': 'Application Rejected!',
    'rejection.coBorrower': 'Co-borrower: {name}',
    'rejection.guarantor': 'Guarantor: {name}',
    'rejection.reasons': 'Reasons',
    'rejection.application': '{name} · Loan id {tracker}',
    'rejection.noTracker': 'no tracker id yet',
    'rejection.byBre': 'Proposed by the business rules engine and confirmed by the branch credit manager.',
    'rejection.overdue': 'Overdue amount: {amount}',
    // The bureau's known reasons in words (issue 31 N15); another code is shown in sentence case (rejection-reasons.ts).
    'rejection.reason.OVERDUE_AMOUNT_PRESENT': 'An overdue amount is present on the credit record',
    'rejection.reason.WRITTEN_OFF_ACCOUNT': 'An account on the credit record was written off',
    'rejection.reason.LOW_BUREAU_SCORE': 'The bureau score is too low',
    'rejection.noReasons': 'The reasons are not on this phone yet: they appear here once the server has answered.',
    'rejection.changeLoanType': 'Change Loan Type',
    'rejection.addGuarantor': 'Add Another guarantor',
    'rejection.startNew': 'Start New Application',
    'rejection.final':
      'A reviewer or the business rules engine rejected this application: the rejection is final. Start a new application if the borrower applies again.',
    'rejection.finalReviewer': 'A reviewer or the business rules engine rejected this application: the rejection is final.',
    'rejection.backToList': 'Back to applications',
    'rejection.notRejectedTitle': 'This application is not rejected',
    'rejection.notRejectedBody': 'The server has not rejected it. Carry on where you left off.',
    'rejection.coApplicantNotRejected': '{name} is not rejected.',
    'rejection.backToApplication': 'Back to the application',
    'rejection.checking': 'Checking the application...',
    'rejection.unknownTitle': 'Application not found',
    'rejection.invalidId': 'Open this page from an application: the link has no valid application id.',
  },
  {
    'rejection.title': 'आवेदन अस्वीकृत!',
    'rejection.coBorrower': 'सह-उधारकर्ता: {name}',
    'rejection.guarantor': 'गारंटर: {name}',
    'rejection.reasons': 'कारण',
    'rejection.application': '{name} · ऋण ID {tracker}',
    'rejection.noTracker': 'अभी ट्रैकर आईडी नहीं',
    'rejection.byBre': 'व्यावसायिक नियम इंजन का प्रस्ताव, शाखा क्रेडिट मैनेजर द्वारा पुष्टि।',
    'rejection.overdue': 'बकाया राशि: {amount}',
    'rejection.reason.OVERDUE_AMOUNT_PRESENT': 'क्रेडिट रिकॉर्ड में बकाया राशि मौजूद है',
    'rejection.reason.WRITTEN_OFF_ACCOUNT': 'क्रेडिट रिकॉर्ड में एक खाता बट्टे खाते में डाला गया है',
    'rejection.reason.LOW_BUREAU_SCORE': 'ब्यूरो स्कोर बहुत कम है',
    'rejection.noReasons': 'कारण अभी इस फ़ोन पर नहीं हैं: सर्वर का जवाब आने पर यहाँ दिखेंगे।',
    'rejection.changeLoanType': 'लोन का प्रकार बदलें',
    'rejection.addGuarantor': 'दूसरा गारंटर जोड़ें',
    'rejection.startNew': 'नया आवेदन शुरू करें',
    'rejection.final': 'इस आवेदन को समीक्षक या बिज़नेस रूल्स इंजन ने अस्वीकार किया है: यह अस्वीकृति अंतिम है। उधारकर्ता फिर से आवेदन करे तो नया आवेदन शुरू करें।',
    'rejection.finalReviewer': 'इस आवेदन को समीक्षक या बिज़नेस रूल्स इंजन ने अस्वीकार किया है: यह अस्वीकृति अंतिम है।',
    'rejection.backToList': 'आवेदनों की सूची पर वापस जाएँ',
    'rejection.notRejectedTitle': 'यह आवेदन अस्वीकृत नहीं है',
    'rejection.notRejectedBody': 'सर्वर ने इसे अस्वीकार नहीं किया है। जहाँ छोड़ा था, वहीं से जारी रखें।',
    'rejection.coApplicantNotRejected': '{name} अस्वीकृत नहीं है।',
    'rejection.backToApplication': 'आवेदन पर वापस जाएँ',
    'rejection.checking': 'आवेदन की जाँच हो रही है...',
    'rejection.unknownTitle': 'आवेदन नहीं मिला',
    'rejection.invalidId': 'यह पेज किसी आवेदन से खोलें: लिंक में मान्य आवेदन आईडी नहीं है।',
  },
);

export type RejectionKey = TextKey<typeof rejectionText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    rejection: keyof typeof rejectionText.en;
  }
}
