import { featureText } from '../i18n/feature-text';

/** What a deviation is about, in the words of the borrower applying herself (the staff read its type). */
export const applicationNoticeText = featureText(
  {
    'notice.guest.BORROWER_NAME_MISMATCH_DEVIATION': 'Your name is not the same on all your documents.',
    'notice.guest.CO_BORROWER_NAME_MISMATCH_DEVIATION': "Your co-borrower's name is not the same on all their documents.",
    'notice.guest.GUARANTOR_NAME_MISMATCH_DEVIATION': "Your guarantor's name is not the same on all their documents.",
    'notice.guest.BANK_NAME_MISMATCH_DEVIATION': "The bank account holder's name is not the same as yours.",
  },
  {
    'notice.guest.BORROWER_NAME_MISMATCH_DEVIATION': 'आपके सभी दस्तावेज़ों पर आपका नाम एक जैसा नहीं है।',
    'notice.guest.CO_BORROWER_NAME_MISMATCH_DEVIATION': 'आपके सह-उधारकर्ता का नाम उनके सभी दस्तावेज़ों पर एक जैसा नहीं है।',
    'notice.guest.GUARANTOR_NAME_MISMATCH_DEVIATION': 'आपके गारंटर का नाम उनके सभी दस्तावेज़ों पर एक जैसा नहीं है।',
    'notice.guest.BANK_NAME_MISMATCH_DEVIATION': 'बैंक खाताधारक का नाम आपके नाम जैसा नहीं है।',
  },
);
