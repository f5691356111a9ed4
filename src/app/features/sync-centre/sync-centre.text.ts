import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the sync-centre screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const syncCentreText = featureText(
  {
    'sync.title': 'Sync centre',
    'sync.empty': 'Everything is synced',
    'sync.syncNow': 'Sync now',
    'sync.syncing': 'Syncing...',
    'sync.lastSync': 'Last successful sync: {time}',
    'sync.neverSynced': 'Nothing has been synced from this phone yet',
    'sync.waiting': 'Waiting to sync',
    'sync.nextTry': 'Next try at {time}',
    'sync.lastError': 'Last error: {message}',
    'sync.serverSaid': 'Server says: {message}',
    'sync.retry': 'Retry',
    'sync.retryNamed': 'Retry {label}',
    'sync.application': 'Application {id}',
    'sync.applicationLocal': 'Application not yet on the server',
    'sync.otherItems': 'Other items',
    'sync.upload': 'Upload: {label}',
    'sync.signInAgain': 'Sign in again to send',
    'sync.storage': 'Storage',
    'sync.storageUsed': '{used} used of {quota} ({percent}%)',
    'sync.storageUnknown': 'This browser does not report storage use.',
    'sync.storageWarning': 'Phone storage is more than 90% full. Sync, then free some space.',
    'sync.items.one': '1 item',
    'sync.items.many': '{count} items',
    'sync.discardGroup': 'Discard all',
    'sync.discardGroupNamed': 'Discard all waiting items of {label}',
    'sync.discardGroupTitle': '{count, plural, one {Discard # waiting item?} other {Discard # waiting items?}}',
    'sync.discardGroupBody': 'These will not reach the server for {label}. This cannot be undone.',
    'sync.discardLosesFiles': 'Photos and documents ({count}): {labels}',
    'sync.discardLosesSteps': 'Steps ({count}): {labels}',
    'sync.discardGroupFiles': 'The files stay on this phone but will not be uploaded; choose them again to send them.',
    'sync.discardFailed': 'The items could not be discarded. Try again.',
    'sync.sealed': 'Sealed for the server, {size}',
  },
  {
    'sync.title': 'सिंक केंद्र',
    'sync.empty': 'सब कुछ सिंक हो गया है',
    'sync.syncNow': 'अभी सिंक करें',
    'sync.syncing': 'सिंक हो रहा है...',
    'sync.lastSync': 'पिछला सफल सिंक: {time}',
    'sync.neverSynced': 'इस फ़ोन से अभी तक कुछ सिंक नहीं हुआ है',
    'sync.waiting': 'सिंक की प्रतीक्षा में',
    'sync.nextTry': 'अगली कोशिश {time} पर',
    'sync.lastError': 'पिछली त्रुटि: {message}',
    'sync.serverSaid': 'सर्वर का संदेश: {message}',
    'sync.retry': 'फिर से कोशिश करें',
    'sync.retryNamed': '{label} फिर से भेजें',
    'sync.application': 'आवेदन {id}',
    'sync.applicationLocal': 'आवेदन अभी सर्वर पर नहीं है',
    'sync.otherItems': 'अन्य आइटम',
    'sync.upload': 'अपलोड: {label}',
    'sync.signInAgain': 'भेजने के लिए फिर से साइन इन करें',
    'sync.storage': 'स्टोरेज',
    'sync.storageUsed': '{quota} में से {used} उपयोग में ({percent}%)',
    'sync.storageUnknown': 'यह ब्राउज़र स्टोरेज का उपयोग नहीं बताता।',
    'sync.storageWarning': 'फ़ोन की मेमोरी 90% से अधिक भर गई है। सिंक करें, फिर कुछ जगह खाली करें।',
    'sync.items.one': '1 आइटम',
    'sync.items.many': '{count} आइटम',
    'sync.discardGroup': 'सभी हटा दें',
    'sync.discardGroupNamed': '{label} के सभी प्रतीक्षारत आइटम हटा दें',
    'sync.discardGroupTitle': '{count, plural, one {# प्रतीक्षारत आइटम हटाएं?} other {# प्रतीक्षारत आइटम हटाएं?}}',
    'sync.discardGroupBody': 'ये {label} के लिए सर्वर तक नहीं पहुँचेंगे। इसे वापस नहीं लिया जा सकता।',
    'sync.discardLosesFiles': 'फ़ोटो और दस्तावेज़ ({count}): {labels}',
    'sync.discardLosesSteps': 'चरण ({count}): {labels}',
    'sync.discardGroupFiles': 'फ़ाइलें इस फ़ोन पर रहेंगी, पर अपलोड नहीं होंगी; भेजने के लिए उन्हें फिर से चुनें।',
    'sync.discardFailed': 'आइटम हटाए नहीं जा सके। फिर से प्रयास करें।',
    'sync.sealed': 'सर्वर के लिए सील किया गया, {size}',
  },
);

export type SyncCentreKey = TextKey<typeof syncCentreText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    syncCentre: keyof typeof syncCentreText.en;
  }
}
