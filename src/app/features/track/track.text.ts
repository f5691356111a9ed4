import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts of the track screen (spec 02 screen 16), English and Hindi. */
export const trackText = featureText(
  {
    'trackApp.title': 'Track Application',
    'trackApp.intro': 'Enter the tracker id (external loan id) given when the application was submitted, e.g. SAH2611000123.',
    'trackApp.trackerId': 'Tracker id (external loan id)',
    'trackApp.submit': 'Track',
    'trackApp.tracking': 'Tracking...',
    'trackApp.result': 'Status of {tracker}',
    'trackApp.updated': 'Last updated {time}',
    'trackApp.notFound': 'No application was found with this tracker id.',
    'trackApp.login': 'Back to login',
    'trackApp.kfs': 'Key Fact Statement acknowledged: {number}',
  },
  {
    'trackApp.title': 'आवेदन ट्रैक करें',
    'trackApp.intro': 'आवेदन जमा करते समय दी गई ट्रैकर आईडी (बाहरी लोन आईडी) दर्ज करें, जैसे SAH2611000123।',
    'trackApp.trackerId': 'ट्रैकर आईडी (बाहरी लोन आईडी)',
    'trackApp.submit': 'ट्रैक करें',
    'trackApp.tracking': 'ट्रैक किया जा रहा है...',
    'trackApp.result': '{tracker} की स्थिति',
    'trackApp.updated': 'अंतिम अपडेट {time}',
    'trackApp.notFound': 'इस ट्रैकर आईडी से कोई आवेदन नहीं मिला।',
    'trackApp.login': 'लॉगिन पर वापस जाएँ',
    'trackApp.kfs': 'स्वीकृत मुख्य तथ्य विवरण: {number}',
  },
);

export type TrackKey = TextKey<typeof trackText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    trackApp: keyof typeof trackText.en;
  }
}
