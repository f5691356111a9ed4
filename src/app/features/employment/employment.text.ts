import { featureText, type TextKey } from '../../i18n/feature-text';
import type { BusinessStepsKey } from '../../i18n/business-steps.text';

/** The texts only the employment screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const employmentText = featureText(
  {
    'employment.title': 'Employment Details',
    'employment.pdTitle': 'Personal Discussion',
    'employment.company': 'Company',
    'employment.companyName': 'Company name (optional)',
    'employment.designation': 'Designation (optional)',
    'employment.email': 'Official email (optional)',
    'employment.salary': 'Monthly in-hand salary (optional)',
    'employment.years': 'Work experience, years (optional)',
    'employment.months': 'Work experience, months (optional)',
    'employment.sector': 'Company sector (optional)',
    'employment.website': 'Company website (optional)',
    'employment.address': 'Company address',
    'employment.addressTypeLabel': 'Company address type',
    'employment.placeAuto': 'City and state are filled from the pincode.',
    'employment.placeNotFound': 'Pincode not found: check it.',
    'employment.documents': 'ID card and salary slips',
    'employment.idCard': 'Company ID card (optional)',
    'employment.companyAddress': 'Address (optional)',
    'employment.slip1': 'Salary slip 1',
    'employment.slip2': 'Salary slip 2',
    'employment.slip3': 'Salary slip 3',
    'employment.documentsNote': 'The company ID card and the three salary slips: a photo or a PDF each.',
  },
  {
    'employment.title': 'रोज़गार विवरण',
    'employment.pdTitle': 'व्यक्तिगत चर्चा',
    'employment.company': 'कंपनी',
    'employment.companyName': 'कंपनी का नाम (वैकल्पिक)',
    'employment.designation': 'पद (वैकल्पिक)',
    'employment.email': 'आधिकारिक ईमेल (वैकल्पिक)',
    'employment.salary': 'मासिक हाथ में वेतन (वैकल्पिक)',
    'employment.years': 'कार्य अनुभव, वर्ष (वैकल्पिक)',
    'employment.months': 'कार्य अनुभव, महीने (वैकल्पिक)',
    'employment.sector': 'कंपनी का क्षेत्र (वैकल्पिक)',
    'employment.website': 'कंपनी की वेबसाइट (वैकल्पिक)',
    'employment.address': 'कंपनी का पता',
    'employment.addressTypeLabel': 'कंपनी पते का प्रकार',
    'employment.placeAuto': 'शहर और राज्य पिनकोड से भरे जाते हैं।',
    'employment.placeNotFound': 'पिनकोड नहीं मिला: इसे जाँचें।',
    'employment.documents': 'पहचान पत्र और वेतन पर्चियाँ',
    'employment.idCard': 'कंपनी पहचान पत्र (वैकल्पिक)',
    'employment.companyAddress': 'पता (वैकल्पिक)',
    'employment.slip1': 'वेतन पर्ची 1',
    'employment.slip2': 'वेतन पर्ची 2',
    'employment.slip3': 'वेतन पर्ची 3',
    'employment.documentsNote': 'कंपनी का पहचान पत्र और तीन वेतन पर्चियां: हर एक की फ़ोटो या PDF।',
  },
);

export type EmploymentKey = TextKey<typeof employmentText> | BusinessStepsKey;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    employment: keyof typeof employmentText.en;
  }
}
