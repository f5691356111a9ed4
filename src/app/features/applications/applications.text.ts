import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts of the applications list (spec 02 screen 15), English and Hindi. */
export const applicationsText = featureText(
  {
    'applications.title': 'Applications',
    'applications.search': 'Search',
    'applications.searchHint': 'Name, mobile or tracker id',
    'applications.status': 'Status',
    'applications.anyStatus': 'Any status',
    'applications.all': 'All applications',
    'applications.queueNote': 'Showing the applications waiting for you.',
    'applications.allNote': 'Showing every application you may see.',
    'applications.noData': 'No data',
    'applications.loadFailed': 'The applications could not be loaded.',
    'applications.retry': 'Try again',
    'applications.fromDevice':
      'You are offline: this list is from this phone (the applications already seen here), and may be out of date.',
    'applications.fromDeviceFailed': 'The server could not be reached: this list is from this phone, and may be out of date.',
    'applications.count': '{count} applications',
    'applications.countOne': '1 application',
    'applications.previous': 'Previous',
    'applications.next': 'Next',
    'applications.page': 'Page {page} of {pages}',
    'applications.pages': 'Pages of applications',
    'applications.trackerId': 'Tracker id',
    'applications.name': 'Name',
    'applications.mobile': 'Mobile',
    'applications.progress': 'Stage progress',
    'applications.progressValue': '{done} of {total} stages',
    'applications.loan': 'Loan',
    'applications.createdAt': 'Created',
    'applications.updatedAt': 'Updated',
    'applications.createdBy': 'Created by',
    'applications.open': 'Open',
    'applications.openNamed': 'Open the application of {name}',
    'applications.noName': 'No name yet',
    'applications.noTracker': 'No tracker id yet',
    'applications.track': 'Track an application',
  },
  {
    'applications.title': 'आवेदन',
    'applications.search': 'खोजें',
    'applications.searchHint': 'नाम, मोबाइल या ट्रैकर आईडी',
    'applications.status': 'स्थिति',
    'applications.anyStatus': 'कोई भी स्थिति',
    'applications.all': 'सभी आवेदन',
    'applications.queueNote': 'आपकी प्रतीक्षा कर रहे आवेदन दिखाए जा रहे हैं।',
    'applications.allNote': 'वे सभी आवेदन दिखाए जा रहे हैं जिन्हें आप देख सकते हैं।',
    'applications.noData': 'कोई डेटा नहीं',
    'applications.loadFailed': 'आवेदन लोड नहीं हो सके।',
    'applications.retry': 'फिर से कोशिश करें',
    'applications.fromDevice': 'आप ऑफ़लाइन हैं: यह सूची इस फ़ोन से है (यहाँ पहले देखे गए आवेदन), और पुरानी हो सकती है।',
    'applications.fromDeviceFailed': 'सर्वर तक नहीं पहुँचा जा सका: यह सूची इस फ़ोन से है, और पुरानी हो सकती है।',
    'applications.count': '{count} आवेदन',
    'applications.countOne': '1 आवेदन',
    'applications.previous': 'पिछला',
    'applications.next': 'अगला',
    'applications.page': 'पृष्ठ {page} / {pages}',
    'applications.pages': 'आवेदनों के पृष्ठ',
    'applications.trackerId': 'ट्रैकर आईडी',
    'applications.name': 'नाम',
    'applications.mobile': 'मोबाइल',
    'applications.progress': 'चरणों की प्रगति',
    'applications.progressValue': '{total} में से {done} चरण',
    'applications.loan': 'लोन',
    'applications.createdAt': 'बनाया गया',
    'applications.updatedAt': 'अपडेट किया गया',
    'applications.createdBy': 'बनाने वाले',
    'applications.open': 'खोलें',
    'applications.openNamed': '{name} का आवेदन खोलें',
    'applications.noName': 'अभी कोई नाम नहीं',
    'applications.noTracker': 'अभी कोई ट्रैकर आईडी नहीं',
    'applications.track': 'आवेदन ट्रैक करें',
  },
);

export type ApplicationsKey = TextKey<typeof applicationsText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    applications: keyof typeof applicationsText.en;
  }
}
