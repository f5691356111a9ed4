import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the officers' devices screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const officerDevicesText = featureText(
  {
    'officers.title': "Officers' devices",
    'officers.intro': 'Open an officer to see the phones they are signed in on, and mark a lost phone.',
    'officers.empty': 'No officers in your branch.',
    'officers.loadFailed': 'The officers could not be loaded.',
    'officers.retry': 'Try again',
    'officers.back': "Back to officers' devices",
    'devices.title': "{name}'s devices",
    'devices.notFound': 'This officer is not in your branch.',
    'devices.loadFailed': 'The devices could not be loaded.',
    'devices.empty': 'This officer has not signed in on any device.',
    'devices.device': 'Device {code}',
    'devices.signedIn': 'Signed in',
    'devices.lastUsed': 'Last used',
    'devices.live': 'Signed in now',
    'devices.ended': 'Signed out',
    'devices.markLost': 'Mark lost',
    'devices.markLostLabel': 'Mark lost: device {code}',
    'devices.confirmTitle': 'Mark this device lost?',
    'devices.confirmBody':
      '{name} will be signed out on device {code}. The next time that phone reaches the server, the app sends the items still waiting on it (for up to 20 seconds), then deletes everything on it; what it could not send is lost.',
    'devices.confirmDetail': 'This cannot be undone. {name} can sign in again on another phone.',
    'devices.marked':
      '{count, plural, one {Device {code} is marked lost: # session ended. The app on it deletes its data at its next contact with the server.} other {Device {code} is marked lost: # sessions ended. The app on it deletes its data at its next contact with the server.}}',
    'devices.markedNone': 'Device {code} is marked lost. It had no session left to end.',
    'devices.lostWaiting':
      'Marked lost: waiting for the phone to reach the server. It sends its unsent items first, then deletes its data.',
    'devices.lostReceiving': 'Marked lost: the phone is in contact. Items received from it so far: {received}.',
    'devices.lostWiped':
      'Marked lost: the phone deleted its data. Items received from it first: {received}. Items lost (could not be sent): {unsent}.',
  },
  {
    'officers.title': 'अधिकारियों के डिवाइस',
    'officers.intro': 'किसी अधिकारी को खोलें, देखें कि वे किन फ़ोन पर साइन इन हैं, और खोए फ़ोन को खोया हुआ चिह्नित करें।',
    'officers.empty': 'आपकी शाखा में कोई अधिकारी नहीं है।',
    'officers.loadFailed': 'अधिकारी लोड नहीं हो सके।',
    'officers.retry': 'फिर से कोशिश करें',
    'officers.back': 'अधिकारियों के डिवाइस पर वापस',
    'devices.title': '{name} के डिवाइस',
    'devices.notFound': 'यह अधिकारी आपकी शाखा में नहीं है।',
    'devices.loadFailed': 'डिवाइस लोड नहीं हो सके।',
    'devices.empty': 'इस अधिकारी ने किसी डिवाइस पर साइन इन नहीं किया है।',
    'devices.device': 'डिवाइस {code}',
    'devices.signedIn': 'साइन इन',
    'devices.lastUsed': 'अंतिम उपयोग',
    'devices.live': 'अभी साइन इन है',
    'devices.ended': 'साइन आउट',
    'devices.markLost': 'खोया हुआ चिह्नित करें',
    'devices.markLostLabel': 'खोया हुआ चिह्नित करें: डिवाइस {code}',
    'devices.confirmTitle': 'इस डिवाइस को खोया हुआ चिह्नित करें?',
    'devices.confirmBody':
      'डिवाइस {code} पर {name} साइन आउट हो जाएंगे। अगली बार जब वह फ़ोन सर्वर से जुड़ेगा, ऐप पहले उस पर रुके आइटम भेजेगा (अधिकतम 20 सेकंड), फिर उस पर सब कुछ मिटा देगा; जो भेजा नहीं जा सका वह खो जाएगा।',
    'devices.confirmDetail': 'इसे वापस नहीं लिया जा सकता। {name} किसी दूसरे फ़ोन पर फिर से साइन इन कर सकते हैं।',
    'devices.marked':
      '{count, plural, one {डिवाइस {code} खोया हुआ चिह्नित हुआ: # सत्र समाप्त हुआ। सर्वर से अगली बार जुड़ने पर उस पर ऐप अपना डेटा मिटा देगा।} other {डिवाइस {code} खोया हुआ चिह्नित हुआ: # सत्र समाप्त हुए। सर्वर से अगली बार जुड़ने पर उस पर ऐप अपना डेटा मिटा देगा।}}',
    'devices.markedNone': 'डिवाइस {code} खोया हुआ चिह्नित हुआ। उस पर कोई सत्र बाकी नहीं था।',
    'devices.lostWaiting': 'खोया हुआ चिह्नित: फ़ोन के सर्वर से जुड़ने की प्रतीक्षा है। वह पहले न भेजे गए आइटम भेजेगा, फिर अपना डेटा मिटाएगा।',
    'devices.lostReceiving': 'खोया हुआ चिह्नित: फ़ोन संपर्क में है। अब तक उससे मिले आइटम: {received}।',
    'devices.lostWiped': 'खोया हुआ चिह्नित: फ़ोन ने अपना डेटा मिटा दिया। पहले उससे मिले आइटम: {received}। खोए आइटम (भेजे नहीं जा सके): {unsent}।',
  },
);

export type OfficerDevicesKey = TextKey<typeof officerDevicesText>;
