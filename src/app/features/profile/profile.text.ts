import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the profile screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const profileText = featureText(
  {
    'logout.title': 'Log out?',
    'logout.unsynced':
      '{count, plural, one {# item not yet synced. It stays on this phone and will send after you sign in again. Log out anyway?} other {# items not yet synced. They stay on this phone and will send after you sign in again. Log out anyway?}}',
    'logout.confirm': 'Log out anyway',
    'profile.title': 'User Details',
    'profile.name': 'Name',
    'profile.role': 'Role',
    'profile.thisDevice': 'This phone',
    'profile.designation': 'Designation',
    'profile.logout': 'Logout',
    'profile.manage': 'Branch',
    'profile.officersDevices': "Officers' devices",
    'profile.webhookDeliveries': 'Webhook deliveries',
    'bio.title': 'Fingerprint or face',
    'bio.intro': 'Open Sahyog with your fingerprint or face instead of the PIN.',
    'bio.isOn': 'Fingerprint or face unlock is on.',
    'bio.pinPrompt': 'Enter your PIN to turn on fingerprint or face unlock',
    'bio.turnOn': 'Turn on',
    'bio.turnOff': 'Turn off fingerprint or face unlock',
    'bio.turnedOff': 'Fingerprint or face unlock is off. Unlock with your PIN.',
    'bio.working': 'Please wait…',
  },
  {
    'logout.title': 'लॉग आउट करें?',
    'logout.unsynced':
      '{count, plural, one {# आइटम अभी सिंक नहीं हुआ है। यह इस फ़ोन पर रहेगा और आपके फिर से साइन इन करने के बाद भेजा जाएगा। फिर भी लॉग आउट करें?} other {# आइटम अभी सिंक नहीं हुए हैं। वे इस फ़ोन पर रहेंगे और आपके फिर से साइन इन करने के बाद भेजे जाएंगे। फिर भी लॉग आउट करें?}}',
    'logout.confirm': 'फिर भी लॉग आउट करें',
    'profile.title': 'उपयोगकर्ता विवरण',
    'profile.name': 'नाम',
    'profile.role': 'भूमिका',
    'profile.thisDevice': 'यह फ़ोन',
    'profile.designation': 'पद',
    'profile.logout': 'लॉग आउट',
    'profile.manage': 'शाखा',
    'profile.officersDevices': 'अधिकारियों के डिवाइस',
    'profile.webhookDeliveries': 'वेबहुक डिलीवरी',
    'bio.title': 'फ़िंगरप्रिंट या चेहरा',
    'bio.intro': 'PIN के बजाय अपने फ़िंगरप्रिंट या चेहरे से सहयोग खोलें।',
    'bio.isOn': 'फ़िंगरप्रिंट या चेहरे से अनलॉक चालू है।',
    'bio.pinPrompt': 'फ़िंगरप्रिंट या चेहरे से अनलॉक चालू करने के लिए अपना PIN डालें',
    'bio.turnOn': 'चालू करें',
    'bio.turnOff': 'फ़िंगरप्रिंट या चेहरे से अनलॉक बंद करें',
    'bio.turnedOff': 'फ़िंगरप्रिंट या चेहरे से अनलॉक बंद है। अपने PIN से अनलॉक करें।',
    'bio.working': 'कृपया प्रतीक्षा करें…',
  },
);

export type ProfileKey = TextKey<typeof profileText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    profile: keyof typeof profileText.en;
  }
}
