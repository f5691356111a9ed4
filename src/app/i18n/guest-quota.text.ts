import { featureText } from './feature-text';

/**
 * The server's refusals of a guest's paid calls past an address's or the tenant's hour (issue 31
 * S1), for the screens that make those calls (the verification and banking APIs load them): not
 * in the shell's catalogue, which /login and the public flow's first screen load.
 */
export const guestQuotaText = featureText(
  {
    'quota.guestAddress.pan': 'Too many PAN checks from this network. Please try again later.',
    'quota.guestTenant.pan': 'Too many PAN checks are being made online right now. Please try again later, or ask the branch for help.',
    'quota.guestAddress.voter_id': 'Too many voter ID checks from this network. Please try again later.',
    'quota.guestTenant.voter_id':
      'Too many voter ID checks are being made online right now. Please try again later, or ask the branch for help.',
    'quota.guestAddress.bank_account': 'Too many bank account checks from this network. Please try again later.',
    'quota.guestTenant.bank_account':
      'Too many bank account checks are being made online right now. Please try again later, or ask the branch for help.',
    'quota.guestAddress.aadhaar_otp': 'Too many Aadhaar OTP requests from this network. Please try again later.',
    'quota.guestTenant.aadhaar_otp':
      'Too many Aadhaar OTP requests are being made online right now. Please try again later, or ask the branch for help.',
    'quota.guestAddress.bureau': 'Too many bureau checks from this network. Please try again later.',
    'quota.guestTenant.bureau':
      'Too many bureau checks are being made online right now. Please try again later, or ask the branch for help.',
    'quota.guestAddress.bre': 'Too many loan offer calculations from this network. Please try again later.',
    'quota.guestTenant.bre':
      'Too many loan offer calculations are being made online right now. Please try again later, or ask the branch for help.',
    'quota.guestAddress.statement': 'Too many bank statement readings from this network. Please try again later.',
    'quota.guestTenant.statement':
      'Too many bank statement readings are being made online right now. Please try again later, or ask the branch for help.',
    'quota.application.pan': 'Too many PAN checks for this application. Please try again later.',
    'quota.user.pan': 'You have made too many PAN checks. Please try again later.',
    'quota.application.voter_id': 'Too many voter ID checks for this application. Please try again later.',
    'quota.user.voter_id': 'You have made too many voter ID checks. Please try again later.',
    'quota.application.bank_account': 'Too many bank account checks for this application. Please try again later.',
    'quota.user.bank_account': 'You have made too many bank account checks. Please try again later.',
    'quota.application.aadhaar_otp': 'Too many Aadhaar OTP requests for this application. Please try again later.',
    'quota.user.aadhaar_otp': 'You have made too many Aadhaar OTP requests. Please try again later.',
    'quota.application.bureau': 'Too many bureau checks for this application. Please try again later.',
    'quota.user.bureau': 'You have made too many bureau checks. Please try again later.',
    'quota.application.bre': 'Too many loan offer calculations for this application. Please try again later.',
    'quota.user.bre': 'You have made too many loan offer calculations. Please try again later.',
    'quota.application.statement': 'Too many bank statement readings for this application. Please try again later.',
    'quota.user.statement': 'You have made too many bank statement readings. Please try again later.',
  },
  {
    'quota.guestAddress.pan': 'इस नेटवर्क से PAN जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.guestTenant.pan': 'ऑनलाइन आवेदनों के लिए PAN जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें, या शाखा से सहायता लें।',
    'quota.guestAddress.voter_id': 'इस नेटवर्क से वोटर आईडी जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.guestTenant.voter_id':
      'ऑनलाइन आवेदनों के लिए वोटर आईडी जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें, या शाखा से सहायता लें।',
    'quota.guestAddress.bank_account': 'इस नेटवर्क से बैंक खाता जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.guestTenant.bank_account':
      'ऑनलाइन आवेदनों के लिए बैंक खाता जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें, या शाखा से सहायता लें।',
    'quota.guestAddress.aadhaar_otp': 'इस नेटवर्क से आधार OTP अनुरोधों की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.guestTenant.aadhaar_otp':
      'ऑनलाइन आवेदनों के लिए आधार OTP अनुरोधों की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें, या शाखा से सहायता लें।',
    'quota.guestAddress.bureau': 'इस नेटवर्क से ब्यूरो जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.guestTenant.bureau': 'ऑनलाइन आवेदनों के लिए ब्यूरो जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें, या शाखा से सहायता लें।',
    'quota.guestAddress.bre': 'इस नेटवर्क से ऋण प्रस्ताव गणना की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.guestTenant.bre': 'ऑनलाइन आवेदनों के लिए ऋण प्रस्ताव गणना की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें, या शाखा से सहायता लें।',
    'quota.guestAddress.statement': 'इस नेटवर्क से बैंक स्टेटमेंट पढ़ने की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.guestTenant.statement':
      'ऑनलाइन आवेदनों के लिए बैंक स्टेटमेंट पढ़ने की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें, या शाखा से सहायता लें।',
    'quota.application.pan': 'इस आवेदन के लिए PAN जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.user.pan': 'आपकी PAN जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.application.voter_id': 'इस आवेदन के लिए वोटर आईडी जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.user.voter_id': 'आपकी वोटर आईडी जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.application.bank_account': 'इस आवेदन के लिए बैंक खाता जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.user.bank_account': 'आपकी बैंक खाता जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.application.aadhaar_otp': 'इस आवेदन के लिए आधार OTP अनुरोधों की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.user.aadhaar_otp': 'आपकी आधार OTP अनुरोधों की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.application.bureau': 'इस आवेदन के लिए ब्यूरो जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.user.bureau': 'आपकी ब्यूरो जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.application.bre': 'इस आवेदन के लिए ऋण प्रस्ताव गणना की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.user.bre': 'आपकी ऋण प्रस्ताव गणना की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.application.statement': 'इस आवेदन के लिए बैंक स्टेटमेंट पढ़ने की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
    'quota.user.statement': 'आपकी बैंक स्टेटमेंट पढ़ने की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।',
  },
);
