import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the application-success screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const successText = featureText(
  {
    'success.title': 'Application Submitted',
    'success.captured': 'The application is captured. The branch will review it next.',
    'success.trackerLabel': 'Tracker id',
    'success.trackerLater': 'The tracker id shows here once the application reaches the server.',
    'success.dashboard': 'Go to dashboard',
    'success.sync': 'Sync centre',
  },
  {
    'success.title': 'आवेदन जमा हुआ',
    'success.captured': 'आवेदन दर्ज हो गया है। अब शाखा इसकी समीक्षा करेगी।',
    'success.trackerLabel': 'ट्रैकर ID',
    'success.trackerLater': 'आवेदन सर्वर तक पहुँचने पर ट्रैकर ID यहाँ दिखेगा।',
    'success.dashboard': 'डैशबोर्ड पर जाएँ',
    'success.sync': 'सिंक केंद्र',
  },
);

export type SuccessKey = TextKey<typeof successText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    applicationSuccess: keyof typeof successText.en;
  }
}
