import { featureText, type TextKey } from './feature-text';

/** Fingerprint or face unlock's texts shared by the app lock and Profile (English, Hindi). */
export const biometricText = featureText(
  {
    'bio.unlock': 'Unlock with fingerprint or face',
    'bio.wrongPin': 'Wrong PIN.',
    'bio.enrolFailed': 'Fingerprint or face was not confirmed. Try again, or use your PIN.',
    'bio.unsupported': 'This phone cannot keep the app’s key with fingerprint or face (its authenticator gives no secret). Use your PIN.',
  },
  {
    'bio.unlock': 'फ़िंगरप्रिंट या चेहरे से अनलॉक करें',
    'bio.wrongPin': 'गलत PIN।',
    'bio.enrolFailed': 'फ़िंगरप्रिंट या चेहरे की पुष्टि नहीं हुई। फिर कोशिश करें, या अपना PIN इस्तेमाल करें।',
    'bio.unsupported': 'यह फ़ोन ऐप की कुंजी फ़िंगरप्रिंट या चेहरे से सुरक्षित नहीं रख सकता (इसका ऑथेंटिकेटर कोई सीक्रेट नहीं देता)। अपना PIN इस्तेमाल करें।',
  },
);

export type BiometricKey = TextKey<typeof biometricText>;

/** What the officer is told when turning fingerprint or face on did not: by the outcome's kind. */
export const ENROL_FAILURE_TEXT = {
  'wrong-pin': 'bio.wrongPin',
  unsupported: 'bio.unsupported',
  cancelled: 'bio.enrolFailed',
} as const satisfies Record<string, BiometricKey>;
