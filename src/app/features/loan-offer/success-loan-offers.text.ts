import { featureText, type TextKey } from '../../i18n/feature-text';

/**
 * The texts of the success screen after the references (English, Hindi). Apart from the loan
 * offer's texts: this screen opens offline (precached), the loan offer's screens only online.
 */
export const successOffersText = featureText(
  {
    'successOffers.title': 'Reference(s) added successfully!',
    'successOffers.savedTitle': 'References saved on this phone',
    'successOffers.invalidId': 'This address does not name an application.',
    'successOffers.body': 'Field verification and references are done. The loan offer comes next.',
    'successOffers.link': 'Loan Offer',
    'successOffers.later':
      'The references are saved on this phone and will be sent when there is a connection; the loan offer needs a connection.',
  },
  {
    'successOffers.title': 'संदर्भ सफलतापूर्वक जोड़े गए!',
    'successOffers.savedTitle': 'संदर्भ इस फ़ोन पर सहेजे गए',
    'successOffers.invalidId': 'यह पता किसी आवेदन का नहीं है।',
    'successOffers.body': 'फ़ील्ड सत्यापन और संदर्भ पूरे हुए। अब ऋण प्रस्ताव।',
    'successOffers.link': 'ऋण प्रस्ताव',
    'successOffers.later': 'संदर्भ इस फ़ोन पर सहेजे गए हैं और कनेक्शन मिलने पर भेजे जाएँगे; ऋण प्रस्ताव के लिए इंटरनेट चाहिए।',
  },
);

export type SuccessOffersKey = TextKey<typeof successOffersText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    successOffers: keyof typeof successOffersText.en;
  }
}
