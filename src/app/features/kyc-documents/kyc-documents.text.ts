import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the kyc-documents screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const kycText = featureText(
  {
    'kyc.title': 'Borrowers Info',
    'kyc.documents': 'Documents',
    'kyc.documentsNote': 'Files are saved on this phone first and upload when there is a connection.',
    'kyc.invalidId': 'Open this screen from an application: the link has no valid application id.',
    'kyc.guardianName': "Father's/Husband's/Guardian's Name",
    'kyc.guardianRelationship': 'Relation',
    'kyc.motherName': "Mother's Name",
    'kyc.category': 'Category',
    'kyc.religion': 'Religion',
    'kyc.motherTongue': 'Mother Tongue',
    'kyc.education': 'Education Qualification',
    'kyc.familyMembers': 'No. of Family Members',
    'kyc.earningMembers': 'No. of Earning Members',
    'kyc.remarks': 'Remarks (optional)',
    'kyc.next': 'Next',
    'kyc.sending': 'Sending to the server...',
    'kyc.offlineNote': 'You are offline: Next saves this step on the phone and it is sent when there is a connection.',
    'kyc.read.title': 'Read from the Aadhaar card',
    'kyc.read.note': "Use these for the borrower's details? Borrower Info opens with them filled in; you can still change each one there.",
    'kyc.read.printed': 'Read from the printed text (the card has no readable QR code): check each one.',
    'kyc.read.name': 'Full name',
    'kyc.read.dob': 'Date of birth',
    'kyc.read.gender': 'Gender',
    'kyc.read.address': 'Address',
    'kyc.read.MALE': 'Male',
    'kyc.read.FEMALE': 'Female',
    'kyc.read.OTHER': 'Other',
    'kyc.read.use': 'Use these',
    'kyc.read.dismiss': 'Not now',
    'kyc.read.prefilled': 'Aadhaar Front data prefilled',
  },
  {
    'kyc.title': 'उधारकर्ता की जानकारी: केवाईसी',
    'kyc.documents': 'दस्तावेज़',
    'kyc.documentsNote': 'फ़ाइलें पहले इस फ़ोन पर सहेजी जाती हैं और कनेक्शन मिलने पर अपलोड होती हैं।',
    'kyc.invalidId': 'इस स्क्रीन को किसी आवेदन से खोलें: लिंक में मान्य आवेदन ID नहीं है।',
    'kyc.guardianName': 'पिता/पति/अभिभावक का नाम',
    'kyc.guardianRelationship': 'संबंध',
    'kyc.motherName': 'माता का नाम',
    'kyc.category': 'श्रेणी',
    'kyc.religion': 'धर्म',
    'kyc.motherTongue': 'मातृभाषा',
    'kyc.education': 'शैक्षणिक योग्यता',
    'kyc.familyMembers': 'परिवार के सदस्यों की संख्या',
    'kyc.earningMembers': 'कमाने वाले सदस्यों की संख्या',
    'kyc.remarks': 'टिप्पणी (वैकल्पिक)',
    'kyc.next': 'आगे',
    'kyc.sending': 'सर्वर को भेजा जा रहा है...',
    'kyc.offlineNote': 'आप ऑफ़लाइन हैं: आगे दबाने पर यह चरण फ़ोन पर सहेजा जाता है और कनेक्शन मिलने पर भेजा जाता है।',
    'kyc.read.title': 'आधार कार्ड से पढ़ी गई जानकारी',
    'kyc.read.note': 'क्या उधारकर्ता के विवरण में इन्हें लगाएँ? उधारकर्ता की जानकारी इन्हें भरकर खुलेगी; वहाँ आप हर एक को बदल सकते हैं।',
    'kyc.read.printed': 'यह छपे हुए अक्षरों से पढ़ा गया है (कार्ड का QR कोड पढ़ा नहीं जा सका): हर एक जाँच लें।',
    'kyc.read.name': 'पूरा नाम',
    'kyc.read.dob': 'जन्म तिथि',
    'kyc.read.gender': 'लिंग',
    'kyc.read.address': 'पता',
    'kyc.read.MALE': 'पुरुष',
    'kyc.read.FEMALE': 'महिला',
    'kyc.read.OTHER': 'अन्य',
    'kyc.read.use': 'इन्हें लगाएँ',
    'kyc.read.dismiss': 'अभी नहीं',
    'kyc.read.prefilled': 'आधार के आगे के हिस्से से जानकारी भरी गई',
  },
);

export type KycKey = TextKey<typeof kycText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    kycDocuments: keyof typeof kycText.en;
  }
}
