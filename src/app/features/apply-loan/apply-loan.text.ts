import { featureText } from '../../i18n/feature-text';

/** The texts of the public flow's own screens (English, Hindi): plain words for a first-time smartphone user. */
export const applyLoanText = featureText(
  {
    'applyLoan.successTitle': 'Send your application',
    'applyLoan.sendIntro': 'You have filled in your details. Send them to the branch. After this you cannot change them on this phone.',
    'applyLoan.send': 'Send to the branch',
    'applyLoan.sentOffline': 'Saved. It will be sent to the branch when you are online.',
    'applyLoan.sent': 'Your application is with the branch. An officer will call you.',
    'applyLoan.trackerLabel': 'Your application number',
    'applyLoan.trackerLater': 'Your application number appears here once you are online.',
    'applyLoan.track': 'Check my application',
    'applyLoan.invalid': 'Sign in with your mobile to see your application.',
  },
  {
    'applyLoan.successTitle': 'अपना आवेदन भेजें',
    'applyLoan.sendIntro': 'आपने अपनी जानकारी भर दी है। इसे शाखा को भेजें। इसके बाद आप इस फ़ोन पर इसे बदल नहीं सकेंगे।',
    'applyLoan.send': 'शाखा को भेजें',
    'applyLoan.sentOffline': 'सहेज लिया गया। इंटरनेट मिलने पर यह शाखा को भेज दिया जाएगा।',
    'applyLoan.sent': 'आपका आवेदन शाखा के पास है। एक अधिकारी आपको फ़ोन करेंगे।',
    'applyLoan.trackerLabel': 'आपका आवेदन नंबर',
    'applyLoan.trackerLater': 'इंटरनेट मिलने पर आपका आवेदन नंबर यहाँ दिखेगा।',
    'applyLoan.track': 'मेरा आवेदन देखें',
    'applyLoan.invalid': 'अपना आवेदन देखने के लिए अपने मोबाइल से साइन इन करें।',
  },
);
