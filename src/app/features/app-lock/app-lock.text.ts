import { featureText, type TextKey } from '../../i18n/feature-text';

/** The app lock's texts (English, Hindi). */
export const appLockText = featureText(
  {
    'lock.setTitle': 'Set a PIN for this phone',
    'lock.setIntro':
      'Borrower data on this phone is encrypted with your PIN. The app asks for it when it opens and after {minutes} minutes without use.',
    'lock.pin': '6-digit PIN',
    'lock.confirmPin': 'Enter the PIN again',
    'lock.setButton': 'Set PIN',
    'lock.pinFormat': 'The PIN has 6 digits.',
    'lock.pinMismatch': 'The two PINs are not the same.',
    'lock.lockedTitle': 'Sahyog is locked',
    'lock.lockedIntro': 'Enter your PIN to open the app.',
    'lock.unlock': 'Unlock',
    'lock.waiting':
      '{count, plural, one {# item on this phone is waiting to be sent. It goes to the server while the app is locked, when there is a connection.} other {# items on this phone are waiting to be sent. They go to the server while the app is locked, when there is a connection.}}',
    'lock.wrongPin':
      '{count, plural, one {Wrong PIN. # try left: after one more wrong PIN you are signed out.} other {Wrong PIN. # tries left.}}',
    'lock.triesLeft': '{count} tries left.',
    'lock.signedOut': 'Five wrong PINs: you are signed out, and the data on this phone is deleted. Sign in again by OTP.',
    'lock.forgot': 'Forgot PIN?',
    'lock.forgotTitle': 'Forgot your PIN?',
    'lock.forgotMessage':
      'You will sign in again by OTP and set a new PIN. Drafts and photos on this phone are encrypted under the old PIN and will be deleted. Items waiting to be sent are sealed for the server: they stay, and are sent after you sign in again.',
    'lock.forgotUnsynced': '{count, plural, one {# item not yet sent will be lost.} other {# items not yet sent will be lost.}}',
    'lock.forgotConfirm': 'Delete and sign in again',
    'lock.working': 'Please wait…',
    'lock.orPin': 'Or enter your PIN.',
    'lock.bioFailed': 'Fingerprint or face did not open the app. Try again, or enter your PIN.',
    'lock.bioOfferTitle': 'Unlock with fingerprint or face?',
    'lock.bioOfferIntro':
      'This phone can open Sahyog with your fingerprint or face. Your PIN still works, and is asked for if the fingerprint or face fails.',
    'lock.bioNotNow': 'Not now',
    'lock.bioContinue': 'Continue',
  },
  {
    'lock.setTitle': 'इस फ़ोन के लिए PIN बनाएँ',
    'lock.setIntro': 'इस फ़ोन पर उधारकर्ताओं का डेटा आपके PIN से एन्क्रिप्ट रहता है। ऐप खुलने पर और {minutes} मिनट तक उपयोग न होने पर PIN माँगेगा।',
    'lock.pin': '6 अंकों का PIN',
    'lock.confirmPin': 'PIN फिर से डालें',
    'lock.setButton': 'PIN बनाएँ',
    'lock.pinFormat': 'PIN में 6 अंक होते हैं।',
    'lock.pinMismatch': 'दोनों PIN एक जैसे नहीं हैं।',
    'lock.lockedTitle': 'सहयोग लॉक है',
    'lock.lockedIntro': 'ऐप खोलने के लिए अपना PIN डालें।',
    'lock.unlock': 'अनलॉक करें',
    'lock.waiting':
      '{count, plural, one {इस फ़ोन पर # आइटम भेजा जाना बाकी है। ऐप लॉक रहते हुए भी, कनेक्शन मिलने पर वह सर्वर पर चला जाता है।} other {इस फ़ोन पर # आइटम भेजे जाने बाकी हैं। ऐप लॉक रहते हुए भी, कनेक्शन मिलने पर वे सर्वर पर चले जाते हैं।}}',
    'lock.wrongPin': '{count, plural, one {गलत PIN। # प्रयास बाकी: एक और गलत PIN पर आप साइन आउट हो जाएँगे।} other {गलत PIN। # प्रयास बाकी हैं।}}',
    'lock.triesLeft': '{count} प्रयास बाकी हैं।',
    'lock.signedOut': 'पाँच बार गलत PIN: आप साइन आउट हो गए हैं और इस फ़ोन का डेटा मिटा दिया गया है। OTP से फिर साइन इन करें।',
    'lock.forgot': 'PIN भूल गए?',
    'lock.forgotTitle': 'PIN भूल गए?',
    'lock.forgotMessage':
      'आप OTP से फिर साइन इन करके नया PIN बनाएँगे। इस फ़ोन पर ड्राफ़्ट और फ़ोटो पुराने PIN से एन्क्रिप्ट हैं और मिटा दिए जाएँगे। भेजे जाने के लिए रखे आइटम सर्वर के लिए सील हैं: वे रहेंगे, और फिर साइन इन करने के बाद भेजे जाएँगे।',
    'lock.forgotUnsynced': '{count, plural, one {न भेजा गया # आइटम खो जाएगा।} other {न भेजे गए # आइटम खो जाएँगे।}}',
    'lock.forgotConfirm': 'मिटाएँ और फिर साइन इन करें',
    'lock.working': 'कृपया प्रतीक्षा करें…',
    'lock.orPin': 'या अपना PIN डालें।',
    'lock.bioFailed': 'फ़िंगरप्रिंट या चेहरे से ऐप नहीं खुला। फिर कोशिश करें, या अपना PIN डालें।',
    'lock.bioOfferTitle': 'फ़िंगरप्रिंट या चेहरे से अनलॉक करें?',
    'lock.bioOfferIntro':
      'यह फ़ोन सहयोग को आपके फ़िंगरप्रिंट या चेहरे से खोल सकता है। आपका PIN भी काम करता रहेगा, और फ़िंगरप्रिंट या चेहरा न चलने पर माँगा जाएगा।',
    'lock.bioNotNow': 'अभी नहीं',
    'lock.bioContinue': 'आगे बढ़ें',
  },
);

export type AppLockKey = TextKey<typeof appLockText>;
