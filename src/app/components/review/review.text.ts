import { featureText, useFeatureT, type TextKey } from '../../i18n/feature-text';

/**
 * The texts of the review section every application screen shows (status, the reviewers'
 * actions, deviations, history) and of the status words the list and track screens share.
 */
export const reviewText = featureText(
  {
    'appReview.title': 'Review',
    'appReview.statusLine': 'Status: {status}',
    'appReview.status.DRAFT': 'Draft',
    'appReview.status.PD1_COMPLETE': 'PD1 complete',
    'appReview.status.PD1_REVIEW': 'Sent back for PD1 review',
    'appReview.status.PD2_COMPLETE': 'PD2 complete',
    'appReview.status.PD2_REVIEW': 'Sent back for PD2 review',
    'appReview.status.APPROVED': 'Approved',
    'appReview.status.REJECTED': 'Rejected',
    'appReview.status.AGREEMENT_SIGNED': 'Agreement signed',
    'appReview.status.DISBURSAL_READY': 'Ready for disbursal',
    'appReview.status.DISBURSED': 'Disbursed',
    'appReview.status.CANCELLED': 'Cancelled',
    'appReview.action.completePd1': 'Complete PD1',
    'appReview.action.pd1Review': 'PD1 Review',
    'appReview.action.cpv': 'Complete Business/Residence Verification',
    'appReview.action.completePd2': 'Complete PD2',
    'appReview.action.pd2Review': 'PD2 Review',
    'appReview.action.loanOffer': 'Loan Offer',
    'appReview.action.resubmit': 'Resubmit',
    'appReview.actions': 'Review actions',
    'appReview.dialog.completePd1': 'Complete PD1 for this application?',
    'appReview.dialog.pd1Review': 'Send the application back for PD1 review',
    'appReview.dialog.completePd2': 'Complete PD2 for this application?',
    'appReview.dialog.pd2Review': 'Send the application back for PD2 review',
    'appReview.dialog.resubmit': 'Resubmit the corrected application',
    'appReview.dialog.requiredHint': 'Say what must be corrected (at least 3 characters).',
    'appReview.dialog.optionalHint': 'Remarks (optional).',
    'appReview.remarks': 'Remarks',
    'appReview.confirm': 'Confirm',
    'appReview.working': 'Sending...',
    'appReview.moved': 'Done. Status now: {status}.',
    'appReview.resubmitted': 'Resubmitted: the branch manager can now complete PD1.',
    'appReview.waitingResubmit': 'Waiting for the officer to correct and resubmit the application.',
    'appReview.resubmittedNote': 'The officer resubmitted the application after the review.',
    'appReview.onlineOnly': 'Review actions need a connection.',
    'appReview.sentBackBy': 'Sent back by {name} on {time}',
    'appReview.deviations': 'Deviations',
    'appReview.deviationsPending': '{count} pending',
    'appReview.deviationOf': '{type} ({whose})',
    'appReview.whoseBorrower': 'borrower',
    'appReview.deviation.PENDING': 'Pending',
    'appReview.deviation.APPROVED': 'Approved',
    'appReview.deviation.REJECTED': 'Rejected',
    'appReview.deviationRemarks': 'Remarks: {remarks}',
    'appReview.approve': 'Approve',
    'appReview.reject': 'Reject',
    'appReview.approveDeviation': 'Approve deviation {type}',
    'appReview.rejectDeviation': 'Reject deviation {type}',
    'appReview.decisionHint': 'A remark is needed for the decision (at least 3 characters).',
    'appReview.decided': 'Deviation {decision}.',
    'appReview.history': 'History',
    'appReview.historyCount': 'History ({count})',
    'appReview.historyEmpty': 'No moves yet.',
    'appReview.historyMove': '{from} → {to}',
    'appReview.historyBy': '{name}, {time}',
    'appReview.historyAction.MOVED': 'Status changed',
    'appReview.historyAction.RESUBMITTED': 'Resubmitted',
    'appReview.historyAction.DEVIATION_APPROVED': 'Deviation approved',
    'appReview.historyAction.DEVIATION_REJECTED': 'Deviation rejected',
    'appReview.historyAction.BANK_ACCOUNT_CHANGED': 'Bank account changed',
    'appReview.historyAction.SELF_SUBMITTED': 'Sent by the borrower from their phone',
    'appReview.historyAction.TAKEN_OVER': 'Taken over by the officer',
    'appReview.historyAction.OFFER_ACCEPTED': 'Loan offer accepted',
    'appReview.historyAction.KFS_ACKNOWLEDGED': 'Key Fact Statement acknowledged by the borrower',
    'appReview.historyAction.OFFER_VOIDED': 'Acceptance voided',
    'appReview.historyKfs': 'Statement {number} ({language}), code sent to {mobile}; position {position}',
    'appReview.historyNoPosition': 'not captured',
    'appReview.historyAction.GUARANTOR_REPLACED': 'Guarantor replaced',
    'appReview.historyAction.AGREEMENT_CREATED': 'Loan agreement made',
    'appReview.historyAction.AGREEMENT_ESIGNED': 'Loan agreement e-signed',
    'appReview.historyAction.MANDATE_ATTEMPTED': 'e-NACH mandate authorisation tried',
    'appReview.historyAction.MANDATE_REGISTERED': 'e-NACH mandate registered',
    'appReview.historyAction.DISBURSEMENT_REQUESTED': 'Payout requested',
    'appReview.historyAction.DISBURSEMENT_APPROVED': 'Payout approved and sent',
    'appReview.historyAction.PAYOUT_FAILED': 'Payout failed',
    'appReview.historyAction.COOLING_OFF_EXIT': 'Borrower exited in the cooling-off period',
    // Record versions (issue 32): two phones' changes of one record.
    'appReview.historyAction.RECORD_MERGED': 'Changes from two phones merged',
    'appReview.historyAction.RECORD_CONFLICT': 'Same field changed on two phones',
    'appReview.historyAction.RECORD_RESOLVED': 'Conflict resolved',
    'appReview.historyMerged': '{record}: {fields} added to the other phone’s changes',
    'appReview.historyConflict': '{record}: {fields}: the value on the server kept until decided',
    'appReview.historyKeptYours': '{record}, {field}: this phone’s value kept over the server’s, chosen by {name}',
    'appReview.historyKeptTheirs': '{record}, {field}: the server’s value kept, chosen by {name}',
    'appReview.record.borrower': 'Borrower',
    'appReview.record.kyc': 'KYC',
    'appReview.record.business': 'Business',
    'appReview.record.employment': 'Employment',
    'appReview.record.bank_account': 'Bank account',
    'appReview.record.co_applicant': 'Co-applicant',
    'appReview.record.family_member': 'Family member',
    'appReview.record.cpv_business_place': 'Business place verification',
    'appReview.record.cpv_residence': 'Residence verification',
    'appReview.record.references': 'References',
    'appReview.historyGuarantorReplaced': '{name}, rejected by the bureau: {reasons}',
    'appReview.historyBankChanged': 'Verification cleared for the account ending {last4} ({ifsc})',
    'appReview.unknownPerson': 'Someone',
    'appReview.historyByBre': 'Decided by the business rules engine; confirmed by {name}.',
    'appReview.status.RESUBMITTED': 'Resubmitted for PD1 review',
    'appReview.dialog.resubmitHint':
      'Resubmit sends what the server already has: the step open on this screen is saved and sent first. A step you corrected counts once you have pressed Next on it; this phone sends its waiting changes first. Remarks (optional).',
    'appReview.openStepRefused': 'Not resubmitted: the step open on this screen could not be saved. Correct what it shows, then resubmit.',
    'appReview.resubmitUnsynced':
      'Not resubmitted: {count} change(s) of this application are still on this phone. Connect, wait until the Sync centre shows nothing waiting, then resubmit.',
    'appReview.resubmitDone': 'Resubmitted on {time}: waiting for the branch manager to complete PD1.',
    'appReview.historyChanged': 'Changed since the send-back: {sections}',
    'appReview.historyNothingChanged': 'Saved again with the same values.',
    'appReview.section.borrower': 'Borrower info',
    'appReview.section.kyc': 'KYC',
    'appReview.section.co_applicants': 'Co-borrower/Guarantor',
    'appReview.section.family': 'Family members',
    'appReview.section.business': 'Business details',
    'appReview.section.employment': 'Employment',
    'appReview.section.bank': 'Bank account',
    'review.title': 'Review remarks',
    'review.PD1_REVIEW': 'Sent back for PD1 review',
    'review.PD2_REVIEW': 'Sent back for PD2 review',
    'review.none': 'No remarks were given.',
  },
  {
    'appReview.title': 'समीक्षा',
    'appReview.statusLine': 'स्थिति: {status}',
    'appReview.status.DRAFT': 'ड्राफ़्ट',
    'appReview.status.PD1_COMPLETE': 'PD1 पूर्ण',
    'appReview.status.PD1_REVIEW': 'PD1 समीक्षा के लिए वापस भेजा गया',
    'appReview.status.PD2_COMPLETE': 'PD2 पूर्ण',
    'appReview.status.PD2_REVIEW': 'PD2 समीक्षा के लिए वापस भेजा गया',
    'appReview.status.APPROVED': 'स्वीकृत',
    'appReview.status.REJECTED': 'अस्वीकृत',
    'appReview.status.AGREEMENT_SIGNED': 'समझौते पर हस्ताक्षर हो गए',
    'appReview.status.DISBURSAL_READY': 'वितरण के लिए तैयार',
    'appReview.status.DISBURSED': 'वितरित',
    'appReview.status.CANCELLED': 'रद्द',
    'appReview.action.completePd1': 'PD1 पूरा करें',
    'appReview.action.pd1Review': 'PD1 समीक्षा',
    'appReview.action.cpv': 'व्यवसाय/निवास सत्यापन पूरा करें',
    'appReview.action.completePd2': 'PD2 पूरा करें',
    'appReview.action.pd2Review': 'PD2 समीक्षा',
    'appReview.action.loanOffer': 'लोन ऑफ़र',
    'appReview.action.resubmit': 'फिर से जमा करें',
    'appReview.actions': 'समीक्षा कार्य',
    'appReview.dialog.completePd1': 'इस आवेदन का PD1 पूरा करें?',
    'appReview.dialog.pd1Review': 'आवेदन PD1 समीक्षा के लिए वापस भेजें',
    'appReview.dialog.completePd2': 'इस आवेदन का PD2 पूरा करें?',
    'appReview.dialog.pd2Review': 'आवेदन PD2 समीक्षा के लिए वापस भेजें',
    'appReview.dialog.resubmit': 'सुधारा गया आवेदन फिर से जमा करें',
    'appReview.dialog.requiredHint': 'बताएँ कि क्या सुधारना है (कम से कम 3 अक्षर)।',
    'appReview.dialog.optionalHint': 'टिप्पणी (वैकल्पिक)।',
    'appReview.remarks': 'टिप्पणी',
    'appReview.confirm': 'पुष्टि करें',
    'appReview.working': 'भेजा जा रहा है...',
    'appReview.moved': 'हो गया। अब स्थिति: {status}।',
    'appReview.resubmitted': 'फिर से जमा किया गया: शाखा प्रबंधक अब PD1 पूरा कर सकते हैं।',
    'appReview.waitingResubmit': 'अधिकारी के सुधार कर फिर से जमा करने की प्रतीक्षा है।',
    'appReview.resubmittedNote': 'अधिकारी ने समीक्षा के बाद आवेदन फिर से जमा किया।',
    'appReview.onlineOnly': 'समीक्षा कार्यों के लिए कनेक्शन चाहिए।',
    'appReview.sentBackBy': '{name} ने {time} पर वापस भेजा',
    'appReview.deviations': 'विचलन',
    'appReview.deviationsPending': '{count} लंबित',
    'appReview.deviationOf': '{type} ({whose})',
    'appReview.whoseBorrower': 'उधारकर्ता',
    'appReview.deviation.PENDING': 'लंबित',
    'appReview.deviation.APPROVED': 'स्वीकृत',
    'appReview.deviation.REJECTED': 'अस्वीकृत',
    'appReview.deviationRemarks': 'टिप्पणी: {remarks}',
    'appReview.approve': 'स्वीकार करें',
    'appReview.reject': 'अस्वीकार करें',
    'appReview.approveDeviation': 'विचलन {type} स्वीकार करें',
    'appReview.rejectDeviation': 'विचलन {type} अस्वीकार करें',
    'appReview.decisionHint': 'निर्णय के लिए टिप्पणी चाहिए (कम से कम 3 अक्षर)।',
    'appReview.decided': 'विचलन {decision}।',
    'appReview.history': 'इतिहास',
    'appReview.historyCount': 'इतिहास ({count})',
    'appReview.historyEmpty': 'अभी कोई बदलाव नहीं।',
    'appReview.historyMove': '{from} → {to}',
    'appReview.historyBy': '{name}, {time}',
    'appReview.historyAction.MOVED': 'स्थिति बदली',
    'appReview.historyAction.RESUBMITTED': 'फिर से जमा किया',
    'appReview.historyAction.DEVIATION_APPROVED': 'विचलन स्वीकृत',
    'appReview.historyAction.DEVIATION_REJECTED': 'विचलन अस्वीकृत',
    'appReview.historyAction.BANK_ACCOUNT_CHANGED': 'बैंक खाता बदला',
    'appReview.historyAction.SELF_SUBMITTED': 'उधारकर्ता ने अपने फ़ोन से भेजा',
    'appReview.historyAction.TAKEN_OVER': 'अधिकारी ने आवेदन संभाला',
    'appReview.historyAction.OFFER_ACCEPTED': 'ऋण प्रस्ताव स्वीकार किया',
    'appReview.historyAction.KFS_ACKNOWLEDGED': 'उधारकर्ता ने मुख्य तथ्य विवरण की पावती दी',
    'appReview.historyAction.OFFER_VOIDED': 'स्वीकृति रद्द',
    'appReview.historyKfs': 'विवरण {number} ({language}), कोड {mobile} पर भेजा गया; स्थिति {position}',
    'appReview.historyNoPosition': 'दर्ज नहीं',
    'appReview.historyAction.GUARANTOR_REPLACED': 'गारंटर बदला',
    'appReview.historyAction.AGREEMENT_CREATED': 'ऋण समझौता बनाया गया',
    'appReview.historyAction.AGREEMENT_ESIGNED': 'ऋण समझौते पर ई-हस्ताक्षर',
    'appReview.historyAction.MANDATE_ATTEMPTED': 'ई-NACH मैंडेट की अनुमति का प्रयास',
    'appReview.historyAction.MANDATE_REGISTERED': 'ई-NACH मैंडेट दर्ज',
    'appReview.historyAction.DISBURSEMENT_REQUESTED': 'भुगतान का अनुरोध',
    'appReview.historyAction.DISBURSEMENT_APPROVED': 'भुगतान स्वीकृत और भेजा गया',
    'appReview.historyAction.PAYOUT_FAILED': 'भुगतान विफल',
    'appReview.historyAction.COOLING_OFF_EXIT': 'उधारकर्ता ने कूलिंग-ऑफ़ अवधि में ऋण छोड़ा',
    'appReview.historyAction.RECORD_MERGED': 'दो फ़ोन के बदलाव मिलाए गए',
    'appReview.historyAction.RECORD_CONFLICT': 'एक ही फ़ील्ड दो फ़ोन पर बदली गई',
    'appReview.historyAction.RECORD_RESOLVED': 'टकराव सुलझाया गया',
    'appReview.historyMerged': '{record}: {fields} दूसरे फ़ोन के बदलावों में जोड़े गए',
    'appReview.historyConflict': '{record}: {fields}: निर्णय होने तक सर्वर का मान रखा गया',
    'appReview.historyKeptYours': '{record}, {field}: सर्वर के मान की जगह इस फ़ोन का मान रखा गया, {name} ने चुना',
    'appReview.historyKeptTheirs': '{record}, {field}: सर्वर का मान रखा गया, {name} ने चुना',
    'appReview.record.borrower': 'उधारकर्ता',
    'appReview.record.kyc': 'KYC',
    'appReview.record.business': 'व्यवसाय',
    'appReview.record.employment': 'रोज़गार',
    'appReview.record.bank_account': 'बैंक खाता',
    'appReview.record.co_applicant': 'सह-आवेदक',
    'appReview.record.family_member': 'परिवार का सदस्य',
    'appReview.record.cpv_business_place': 'व्यवसाय स्थल का सत्यापन',
    'appReview.record.cpv_residence': 'निवास का सत्यापन',
    'appReview.record.references': 'संदर्भ',
    'appReview.historyGuarantorReplaced': '{name}, ब्यूरो द्वारा अस्वीकृत: {reasons}',
    'appReview.historyBankChanged': '{last4} पर समाप्त होने वाले खाते ({ifsc}) का सत्यापन हटाया गया',
    'appReview.unknownPerson': 'कोई',
    'appReview.historyByBre': 'निर्णय व्यावसायिक नियम इंजन का; पुष्टि {name} ने की।',
    'appReview.status.RESUBMITTED': 'PD1 समीक्षा के लिए फिर से जमा किया गया',
    'appReview.dialog.resubmitHint':
      'फिर से जमा करने पर वही भेजा जाता है जो सर्वर के पास पहले से है: इस स्क्रीन पर खुला चरण पहले सहेजा और भेजा जाता है। सुधारा गया चरण तभी गिना जाता है जब आपने उस पर आगे (Next) दबाया हो; यह फ़ोन पहले अपने बाकी बदलाव भेजता है। टिप्पणी (वैकल्पिक)।',
    'appReview.openStepRefused': 'फिर से जमा नहीं हुआ: इस स्क्रीन पर खुला चरण सहेजा नहीं जा सका। उसमें दिखाई गई गलती ठीक करें, फिर से जमा करें।',
    'appReview.resubmitUnsynced':
      'फिर से जमा नहीं हुआ: इस आवेदन के {count} बदलाव अभी इसी फ़ोन पर हैं। कनेक्ट करें, सिंक केंद्र में कुछ भी बाकी न रहने तक प्रतीक्षा करें, फिर से जमा करें।',
    'appReview.resubmitDone': '{time} पर फिर से जमा किया गया: शाखा प्रबंधक के PD1 पूरा करने की प्रतीक्षा है।',
    'appReview.historyChanged': 'वापस भेजे जाने के बाद बदला: {sections}',
    'appReview.historyNothingChanged': 'उन्हीं मानों के साथ फिर से सहेजा गया।',
    'appReview.section.borrower': 'उधारकर्ता की जानकारी',
    'appReview.section.kyc': 'KYC',
    'appReview.section.co_applicants': 'सह-उधारकर्ता/गारंटर',
    'appReview.section.family': 'परिवार के सदस्य',
    'appReview.section.business': 'व्यवसाय का विवरण',
    'appReview.section.employment': 'रोज़गार',
    'appReview.section.bank': 'बैंक खाता',
    'review.title': 'समीक्षा टिप्पणियाँ',
    'review.PD1_REVIEW': 'PD1 समीक्षा के लिए वापस भेजा गया',
    'review.PD2_REVIEW': 'PD2 समीक्षा के लिए वापस भेजा गया',
    'review.none': 'कोई टिप्पणी नहीं दी गई।',
  },
);

export type ReviewKey = TextKey<typeof reviewText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    review: keyof typeof reviewText.en;
  }
}

type Translate = (key: ReviewKey, vars?: Record<string, string | number>) => string;

export const has = (key: string): key is ReviewKey => Object.prototype.hasOwnProperty.call(reviewText.en, key);

/** An application status in words ('PD1 complete'); an unknown one as sent. */
export const statusInWords = (t: Translate, status: string | null | undefined): string => {
  const key = `appReview.status.${status ?? ''}`;
  return has(key) ? t(key) : (status ?? '').replaceAll('_', ' ');
};

/** The sections a resubmission changed, in words ('Borrower info, Bank account'); unknown ones left out. */
export const sectionsInWords = (t: Translate, sections: unknown): string =>
  (Array.isArray(sections) ? sections : [])
    .map((s) => `appReview.section.${String(s)}`)
    .filter(has)
    .map((key) => t(key))
    .join(', ');

/** A history action in words; an unknown one with underscores as spaces. */
export const historyActionInWords = (t: Translate, action: string): string => {
  const key = `appReview.historyAction.${action}`;
  return has(key) ? t(key) : action.replaceAll('_', ' ').toLowerCase();
};

const DESIGNATION_KEYS = {
  RELATIONSHIP_OFFICER: 'role.RELATIONSHIP_OFFICER',
  BRANCH_CREDIT_MANAGER: 'role.BRANCH_CREDIT_MANAGER',
  BRANCH_MANAGER: 'role.BRANCH_MANAGER',
} as const satisfies Record<string, ReviewKey>;

/** A designation in words ('Branch Manager'); an unknown one with underscores as spaces. */
export const designationInWords = (t: Translate, designation: string): string =>
  designation in DESIGNATION_KEYS
    ? t(DESIGNATION_KEYS[designation as keyof typeof DESIGNATION_KEYS])
    : designation.replaceAll('_', ' ').toLowerCase();

/** "Arjun Singh (Branch Manager)": who did something, as the history names them. */
export const actorInWords = (t: Translate, name: string | null, designation: string | null): string =>
  [name ?? t('appReview.unknownPerson'), designation ? `(${designationInWords(t, designation)})` : ''].filter(Boolean).join(' ');

/** The status words in the current language, for screens with their own texts (list, track). */
export function useStatusWords(): (status: string | null | undefined) => string {
  const { t } = useFeatureT(reviewText);
  return (status) => statusInWords(t, status);
}
