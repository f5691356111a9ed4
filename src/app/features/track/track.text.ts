import { SELF_APPLICATION_TEXT } from '../../../domain';
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
    'trackApp.backToApplication': 'Back to my application',
    // The server's words for a self-application (the Hindi below is what the screen shows for them).
    'trackApp.selfStarted': SELF_APPLICATION_TEXT.started,
    'trackApp.selfSent': SELF_APPLICATION_TEXT.sent,
    'trackApp.kfs': 'Key Fact Statement acknowledged: {number}',
    // The status of a self-application in the borrower's words (the server's status is still Draft).
    'trackApp.selfStartedStatus': 'Started on your phone',
    'trackApp.selfSentStatus': 'Sent to the branch',
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
    'trackApp.backToApplication': 'अपने आवेदन पर वापस जाएँ',
    'trackApp.selfStarted': 'आपने यह आवेदन अपने फ़ोन पर शुरू किया है। सभी चरण पूरे होने पर इसे शाखा को भेजें।',
    'trackApp.selfSent': 'आपका आवेदन शाखा तक पहुँच गया है। एक अधिकारी इसे लेकर आपको फ़ोन करेंगे।',
    'trackApp.kfs': 'स्वीकृत मुख्य तथ्य विवरण: {number}',
    'trackApp.selfStartedStatus': 'आपके फ़ोन पर शुरू किया गया',
    'trackApp.selfSentStatus': 'शाखा को भेजा गया',
  },
);

export type TrackKey = TextKey<typeof trackText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    trackApp: keyof typeof trackText.en;
  }
}
