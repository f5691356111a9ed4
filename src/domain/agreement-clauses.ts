import type { KfsLanguage } from './kfs-consent';

/**
 * The loan agreement's standard clauses when the tenant has none of its own
 * (tenants.agreement_clauses overrides them by language), and the agreement's headings.
 */
export const DEFAULT_AGREEMENT_CLAUSES: Record<KfsLanguage, readonly string[]> = {
  en: [
    'The Lender sanctions and the Borrower accepts the loan on the terms above and in the Key Fact Statement annexed, which forms part of this agreement.',
    'The Borrower shall repay the loan in equated monthly instalments on the dates of the repayment schedule, by the e-NACH mandate registered on the Borrower’s verified bank account.',
    'Interest is charged on the reducing balance at the rate above. No fee, charge or interest not disclosed in the Key Fact Statement shall be levied.',
    'The Borrower may prepay the loan in whole or in part at any time without a prepayment charge.',
    'The Borrower may exit the loan within the cooling-off period stated in the Key Fact Statement by repaying the principal and the proportionate interest, without any penalty.',
    'Co-borrowers are jointly and severally liable with the Borrower; each guarantor guarantees the repayment of the whole loan.',
    'Recovery shall follow the Fair Practices Code and the Reserve Bank of India’s directions; grievances go to the grievance officer named in the Key Fact Statement.',
    'This agreement is signed electronically under the Information Technology Act, 2000; each signature is verifiable in any standard PDF reader.',
  ],
  hi: [
    'ऋणदाता ऊपर दी गई शर्तों और संलग्न मुख्य तथ्य विवरण पर ऋण स्वीकृत करता है और उधारकर्ता उसे स्वीकार करता है; विवरण इस समझौते का भाग है।',
    'उधारकर्ता ऋण को पुनर्भुगतान अनुसूची की तिथियों पर समान मासिक किस्तों में, अपने सत्यापित बैंक खाते पर दर्ज ई-NACH मैंडेट से चुकाएगा।',
    'ब्याज ऊपर दी गई दर पर घटते शेष पर लगता है। मुख्य तथ्य विवरण में न बताया गया कोई शुल्क या ब्याज नहीं लिया जाएगा।',
    'उधारकर्ता किसी भी समय बिना पूर्व-भुगतान शुल्क के पूरा या आंशिक ऋण चुका सकता है।',
    'उधारकर्ता मुख्य तथ्य विवरण में बताई गई कूलिंग-ऑफ़ अवधि में मूलधन और आनुपातिक ब्याज चुकाकर बिना दंड के ऋण से बाहर निकल सकता है।',
    'सह-उधारकर्ता उधारकर्ता के साथ संयुक्त रूप से और अलग-अलग उत्तरदायी हैं; हर गारंटर पूरे ऋण के पुनर्भुगतान की गारंटी देता है।',
    'वसूली उचित व्यवहार संहिता और भारतीय रिज़र्व बैंक के निर्देशों के अनुसार होगी; शिकायतें मुख्य तथ्य विवरण में बताए गए शिकायत अधिकारी को जाती हैं।',
    'यह समझौता सूचना प्रौद्योगिकी अधिनियम, 2000 के तहत इलेक्ट्रॉनिक रूप से हस्ताक्षरित है; हर हस्ताक्षर किसी भी मानक PDF रीडर में जाँचा जा सकता है।',
  ],
};

/** The tenant's clauses of a language, else the defaults. */
export function agreementClauses(
  tenantClauses: { en?: string[]; hi?: string[] } | null | undefined,
  language: KfsLanguage,
): readonly string[] {
  const own = tenantClauses?.[language];
  return own && own.length > 0 ? own : DEFAULT_AGREEMENT_CLAUSES[language];
}

export const AGREEMENT_LABELS = {
  en: {
    title: 'Sanction letter and loan agreement',
    number: 'Agreement number',
    date: 'Date',
    sanction: 'Sanction letter',
    sanctionText: (lender: string, borrower: string) =>
      `${lender} is pleased to sanction a loan to ${borrower} on the terms below, accepted by the borrower.`,
    parties: 'Parties',
    lender: 'Lender',
    kind: { BORROWER: 'Borrower', CO_BORROWER: 'Co-borrower', GUARANTOR: 'Guarantor' },
    terms: 'Terms of the loan',
    amount: 'Loan amount',
    tenure: 'Tenure (months)',
    rate: 'Interest rate (% a year, reducing balance)',
    emi: 'Monthly instalment (EMI)',
    fees: 'Processing fee with GST',
    insurance: 'Insurance',
    net: 'Amount paid to the borrower',
    apr: 'Annual percentage rate (APR)',
    totalPayable: 'Total amount payable',
    disbursement: 'Disbursement date',
    firstEmi: 'First instalment date',
    schedule: 'Repayment schedule',
    clauses: 'Standard terms',
    annex: 'Annex: Key Fact Statement',
    kfsNumber: 'Key Fact Statement number',
    kfsHash: 'Content hash (SHA-256) of the acknowledged statement',
    acknowledged: 'Acknowledged by the borrower on',
    signatures: 'Signatures',
    signatureNote:
      'Each signer signs this document electronically with a one-time password; the signatures follow as digital signatures of this PDF.',
  },
  hi: {
    title: 'स्वीकृति पत्र और ऋण समझौता',
    number: 'समझौता संख्या',
    date: 'तिथि',
    sanction: 'स्वीकृति पत्र',
    sanctionText: (lender: string, borrower: string) =>
      `${lender} नीचे दी गई शर्तों पर, जिन्हें उधारकर्ता ने स्वीकार किया है, ${borrower} को ऋण स्वीकृत करता है।`,
    parties: 'पक्ष',
    lender: 'ऋणदाता',
    kind: { BORROWER: 'उधारकर्ता', CO_BORROWER: 'सह-उधारकर्ता', GUARANTOR: 'गारंटर' },
    terms: 'ऋण की शर्तें',
    amount: 'ऋण राशि',
    tenure: 'अवधि (महीने)',
    rate: 'ब्याज दर (% सालाना, घटते शेष पर)',
    emi: 'मासिक किस्त (EMI)',
    fees: 'GST सहित प्रोसेसिंग शुल्क',
    insurance: 'बीमा',
    net: 'उधारकर्ता को दी जाने वाली राशि',
    apr: 'वार्षिक प्रतिशत दर (APR)',
    totalPayable: 'कुल देय राशि',
    disbursement: 'वितरण तिथि',
    firstEmi: 'पहली किस्त की तिथि',
    schedule: 'पुनर्भुगतान अनुसूची',
    clauses: 'मानक शर्तें',
    annex: 'संलग्नक: मुख्य तथ्य विवरण',
    kfsNumber: 'मुख्य तथ्य विवरण संख्या',
    kfsHash: 'स्वीकार किए गए विवरण का सामग्री हैश (SHA-256)',
    acknowledged: 'उधारकर्ता द्वारा स्वीकार करने की तिथि',
    signatures: 'हस्ताक्षर',
    signatureNote: 'हर हस्ताक्षरकर्ता इस दस्तावेज़ पर एक बार के पासवर्ड से इलेक्ट्रॉनिक हस्ताक्षर करता है; हस्ताक्षर इस PDF के डिजिटल हस्ताक्षर के रूप में जुड़ते हैं।',
  },
} as const;
