import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the join-us screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const joinUsText = featureText(
  {
    'joinUs.title': 'Partner Registration',
    'joinUs.back': 'Back',
    'joinUs.yourDetails': 'Your details',
    'joinUs.businessDetails': 'Business',
    'joinUs.addressDetails': 'Address details',
    'joinUs.bankDetails': 'Bank account',
    'joinUs.documents': 'Documents',
    'joinUs.documentsNote':
      'Each file is sent as soon as you choose it: PNG, JPEG or PDF. Photos are made smaller on this phone; other files up to 10 MB.',
    'joinUs.firstName': 'First name',
    'joinUs.lastName': 'Last name',
    'joinUs.mobile': 'Mobile',
    'joinUs.mobileLocked': 'The number you entered on the sign-in screen. To use another one, go back and change it there.',
    'joinUs.businessName': 'Business name (optional)',
    'joinUs.gstNumber': 'GST number (optional)',
    'joinUs.email': 'Email',
    'joinUs.pincode': 'Pincode',
    'joinUs.city': 'City',
    'joinUs.state': 'State',
    'joinUs.cityStateAuto': 'City and state are filled from the pincode.',
    'joinUs.cityStateLooking': 'Looking up the city and state...',
    'joinUs.cityStateManual': 'The city and state of this pincode could not be found: type them.',
    'joinUs.address': 'Address',
    'joinUs.bankName': 'Bank name',
    'joinUs.accountNumber': 'Account number',
    'joinUs.ifsc': 'IFSC',
    'joinUs.gst': 'GST certificate (optional)',
    'joinUs.submit': 'Join us',
    'joinUs.submitting': 'Sending...',
    'joinUs.received': 'We have received your details, we will verify the details and get back to you!',
    'joinUs.trackerId': 'Mobile: {trackerId}',
    'joinUs.trackNote': '(Please use your mobile number to track your application status)',
    'track.title': 'Track the request',
    'track.mobile': 'Mobile',
    'track.submit': 'Track',
    'track.tracking': 'Tracking...',
  },
  {
    'joinUs.title': 'पार्टनर पंजीकरण',
    'joinUs.back': 'वापस',
    'joinUs.yourDetails': 'आपका विवरण',
    'joinUs.businessDetails': 'व्यवसाय',
    'joinUs.addressDetails': 'पते का विवरण',
    'joinUs.bankDetails': 'बैंक खाता',
    'joinUs.documents': 'दस्तावेज़',
    'joinUs.documentsNote': 'हर फ़ाइल चुनते ही भेज दी जाती है: PNG, JPEG या PDF। फ़ोटो इसी फ़ोन पर छोटी कर दी जाती हैं; दूसरी फ़ाइलें अधिकतम 10 MB।',
    'joinUs.firstName': 'पहला नाम',
    'joinUs.lastName': 'उपनाम',
    'joinUs.mobile': 'मोबाइल',
    'joinUs.mobileLocked': 'साइन-इन स्क्रीन पर दर्ज किया गया नंबर। दूसरा नंबर इस्तेमाल करने के लिए वापस जाकर वहां बदलें।',
    'joinUs.businessName': 'व्यवसाय का नाम (वैकल्पिक)',
    'joinUs.gstNumber': 'GST नंबर (वैकल्पिक)',
    'joinUs.email': 'ईमेल',
    'joinUs.pincode': 'पिनकोड',
    'joinUs.city': 'शहर',
    'joinUs.state': 'राज्य',
    'joinUs.cityStateAuto': 'शहर और राज्य पिनकोड से भरे जाते हैं।',
    'joinUs.cityStateLooking': 'शहर और राज्य खोजे जा रहे हैं...',
    'joinUs.cityStateManual': 'इस पिनकोड का शहर और राज्य नहीं मिला: उन्हें टाइप करें।',
    'joinUs.address': 'पता',
    'joinUs.bankName': 'बैंक का नाम',
    'joinUs.accountNumber': 'खाता संख्या',
    'joinUs.ifsc': 'IFSC',
    'joinUs.gst': 'GST प्रमाणपत्र (वैकल्पिक)',
    'joinUs.submit': 'हमसे जुड़ें',
    'joinUs.submitting': 'भेजा जा रहा है...',
    'joinUs.received': 'हमें आपका विवरण मिल गया है, हम विवरण की जांच करके आपसे संपर्क करेंगे!',
    'joinUs.trackerId': 'मोबाइल: {trackerId}',
    'joinUs.trackNote': '(अपने आवेदन की स्थिति देखने के लिए अपना मोबाइल नंबर इस्तेमाल करें)',
    'track.title': 'अनुरोध की स्थिति देखें',
    'track.mobile': 'मोबाइल',
    'track.submit': 'स्थिति देखें',
    'track.tracking': 'स्थिति देखी जा रही है...',
  },
);

export type JoinUsKey = TextKey<typeof joinUsText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    joinUs: keyof typeof joinUsText.en;
  }
}
