import { featureText } from '../i18n/feature-text';

/** What a deviation is about, in the words of the borrower applying herself (the staff read its type). */
export const applicationNoticeText = featureText(
  {
    'notice.guest.BORROWER_NAME_MISMATCH_DEVIATION': 'Your name is not the same on all your documents.',
    'notice.guest.CO_BORROWER_NAME_MISMATCH_DEVIATION': "Your co-borrower's name is not the same on all their documents.",
    'notice.guest.GUARANTOR_NAME_MISMATCH_DEVIATION': "Your guarantor's name is not the same on all their documents.",
    'notice.guest.BANK_NAME_MISMATCH_DEVIATION': "The bank account holder's name is not the same as yours.",
    'notice.rejected': 'Application Rejected!',
    'notice.viewRejection': 'View rejection details',
    'notice.deviation': 'Deviation recorded',
    'notice.deviationBody': 'A supervisor must approve it before the application can move on.',
    'notice.deviationGuest': 'Noted for the branch',
    'notice.deviationGuestBody': 'You can go on. The branch will check this with you before your loan moves ahead.',
    'notice.error': 'Needs attention',
    'notice.openSync': 'Open the sync centre',
  },
  {
    'notice.guest.BORROWER_NAME_MISMATCH_DEVIATION': 'आपके सभी दस्तावेज़ों पर आपका नाम एक जैसा नहीं है।',
    'notice.guest.CO_BORROWER_NAME_MISMATCH_DEVIATION': 'आपके सह-उधारकर्ता का नाम उनके सभी दस्तावेज़ों पर एक जैसा नहीं है।',
    'notice.guest.GUARANTOR_NAME_MISMATCH_DEVIATION': 'आपके गारंटर का नाम उनके सभी दस्तावेज़ों पर एक जैसा नहीं है।',
    'notice.guest.BANK_NAME_MISMATCH_DEVIATION': 'बैंक खाताधारक का नाम आपके नाम जैसा नहीं है।',
    'notice.rejected': 'आवेदन अस्वीकृत!',
    'notice.viewRejection': 'अस्वीकृति का विवरण देखें',
    'notice.deviation': 'विचलन दर्ज हुआ',
    'notice.deviationBody': 'आवेदन आगे बढ़ने से पहले सुपरवाइज़र की स्वीकृति ज़रूरी है।',
    'notice.deviationGuest': 'शाखा के लिए नोट किया गया',
    'notice.deviationGuestBody': 'आप आगे बढ़ सकते हैं। ऋण आगे बढ़ने से पहले शाखा आपसे इसकी जाँच करेगी।',
    'notice.error': 'ध्यान दें',
    'notice.openSync': 'सिंक केंद्र खोलें',
  },
);
