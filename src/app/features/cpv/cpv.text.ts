import {
  atMostMessage,
  BUSINESS_FIGURES,
  CPV_AMOUNT_MAX,
  CPV_DAYS_MAX,
  isRequiredFigure,
  nonNegativeMessage,
  requiredMessage,
  RESIDENCE_FIGURES,
  wholeMessage,
  type BusinessFigure,
  type ResidenceFigure,
} from '../../../domain';
import { featureText, type AnyTextKey, type TextKey } from '../../i18n/feature-text';

/** The Hindi label of each CPV figure (the English ones are the domain's, spec 02 §3). */
const FIGURE_HI: Record<BusinessFigure | ResidenceFigure, string> = {
  monthly_sales: 'मासिक नकद बिक्री',
  inventory_purchase: 'मासिक माल खरीद',
  debtor_days: 'देनदार दिन',
  inventory_days: 'माल भंडार दिन',
  days_payable: 'देय दिन',
  rent: 'किराया',
  salary: 'वेतन',
  electricity_and_fuel: 'बिजली और ईंधन',
  machinery_repairs: 'मशीनरी मरम्मत',
  transportation_and_petrol: 'परिवहन और पेट्रोल',
  admin_operating_expenses: 'प्रशासनिक और परिचालन खर्च',
  gross_margin_percentage: 'सकल मार्जिन प्रतिशत',
  online_sales_percentage: 'ऑनलाइन बिक्री प्रतिशत',
  others: 'अन्य व्यावसायिक खर्च',
  house_rent: 'घर का किराया',
  house_electricity_and_water: 'बिजली और पानी',
  food_expenses: 'भोजन खर्च',
  education_expenses: 'शिक्षा खर्च',
  medical_expenses: 'चिकित्सा खर्च',
  insurance_premiums: 'बीमा प्रीमियम',
  house_others: 'अन्य घरेलू खर्च',
};

const FIGURES = { ...BUSINESS_FIGURES, ...RESIDENCE_FIGURES } as Record<
  BusinessFigure | ResidenceFigure,
  { label: string; kind: 'amount' | 'days' | 'percentage' }
>;
const figureNames = Object.keys(FIGURES) as (BusinessFigure | ResidenceFigure)[];

/** The screens' texts (English, Hindi). */
export const cpvText = featureText(
  {
    'cpv.title': 'Field Verification (CPV)',
    'cpv.invalidId': 'This link has no valid application id.',
    'cpv.business': 'Business Place Verification',
    'cpv.residence': 'Residence Verification',
    'cpv.sections': 'Verification',
    'cpv.photos': 'Photos',
    'cpv.photosNote': 'Take each photo at the place: its location is recorded with it (0, 0 when the phone has no position).',
    'cpv.shopPhoto': 'Shop photo',
    'cpv.shopSelfie': 'Shop selfie with BCM',
    'cpv.shopPhotoPd2': 'PD2 shop photo',
    'cpv.houseSelfie': 'House selfie with BCM',
    'cpv.housePhotoPd2': 'PD2 house photo',
    'cpv.qrCode': 'QR code upload',
    'cpv.selfieRequired': 'Required from the branch credit manager.',
    'cpv.fileOnServer': 'The server has this file. Choose another to replace it.',
    'cpv.businessFigures': 'Business figures (monthly)',
    'cpv.householdFigures': 'Household expenses (monthly)',
    'cpv.remarks': 'Remarks (optional)',
    'cpv.submitBusiness': 'Submit Business CPV',
    'cpv.submitResidence': 'Submit Residence CPV',
    'cpv.saving': 'Saving...',
    'cpv.done': 'Submitted ✓',
    'cpv.figuresNote':
      'Monthly cash sales, the gross margin and every household expense are required: type 0 when there is none. Other figures may be left blank.',
    'cpv.unitRupees': '₹',
    'cpv.unitPercent': '%',
    'cpv.unitDays': 'days',
    'cpv.stateSubmitted': 'Submitted. To correct a figure, change it and submit again.',
    'cpv.stateQueued': 'Submitted on this phone: it is sent when online.',
    'cpv.deviationsTitle': 'Unapproved Deviations Detected',
    'cpv.deviationsBody':
      'This application has deviations that are not approved. Please contact your supervisor or the compliance team: field verification cannot continue until they are approved.',
    'cpv.geoTitle': 'Photo locations',
    'cpv.geoDistance': '{label}: {distance} km from pincode {pincode}',
    'cpv.geoFlagged': 'more than 5 km away',
    'cpv.geoNotCaptured': '{label}: location not captured',
    'cpv.geoUnknown': '{label}: distance unknown (pincode not found)',
    'cpv.readOnly': 'These values were saved earlier. Press Edit to change them.',
    'cpv.edit': 'Edit',
    'cpv.notReviewer': 'Field verification is done by the branch credit manager or the branch manager.',
    'cpv.statusNote': 'Field verification is taken when the application is PD1 complete or sent back for PD2 review; it is {status} now.',
    'cpv.offlineNote':
      'You are offline: Submit saves the verification and its photos on this phone and sends them once, when there is a connection.',
    'cpv.submitted': 'Field verification submitted.',
    'cpv.queued': 'Field verification saved on this phone; it will be sent when online.',
    'cpv.failed': 'Failed to submit form. Please try again.',
  },
  {
    'cpv.title': 'क्षेत्र सत्यापन (CPV)',
    'cpv.invalidId': 'इस लिंक में मान्य आवेदन आईडी नहीं है।',
    'cpv.business': 'व्यवसाय स्थल सत्यापन',
    'cpv.residence': 'निवास सत्यापन',
    'cpv.sections': 'सत्यापन',
    'cpv.photos': 'फ़ोटो',
    'cpv.photosNote': 'हर फ़ोटो उसी जगह पर लें: उसका स्थान साथ में दर्ज होता है (फ़ोन के पास स्थान न हो तो 0, 0)।',
    'cpv.shopPhoto': 'दुकान की फ़ोटो',
    'cpv.shopSelfie': 'BCM के साथ दुकान की सेल्फ़ी',
    'cpv.shopPhotoPd2': 'PD2 दुकान की फ़ोटो',
    'cpv.houseSelfie': 'BCM के साथ घर की सेल्फ़ी',
    'cpv.housePhotoPd2': 'PD2 घर की फ़ोटो',
    'cpv.qrCode': 'QR कोड अपलोड',
    'cpv.selfieRequired': 'शाखा क्रेडिट प्रबंधक के लिए आवश्यक।',
    'cpv.fileOnServer': 'यह फ़ाइल सर्वर पर है। बदलने के लिए दूसरी चुनें।',
    'cpv.businessFigures': 'व्यवसाय के आँकड़े (मासिक)',
    'cpv.householdFigures': 'घरेलू खर्च (मासिक)',
    'cpv.remarks': 'टिप्पणी (वैकल्पिक)',
    'cpv.submitBusiness': 'व्यवसाय CPV जमा करें',
    'cpv.submitResidence': 'निवास CPV जमा करें',
    'cpv.saving': 'सहेजा जा रहा है...',
    'cpv.done': 'जमा किया गया ✓',
    'cpv.figuresNote': 'मासिक नकद बिक्री, सकल मार्जिन और हर घरेलू खर्च आवश्यक हैं: न हो तो 0 लिखें। अन्य आँकड़े खाली छोड़े जा सकते हैं।',
    'cpv.unitRupees': '₹',
    'cpv.unitPercent': '%',
    'cpv.unitDays': 'दिन',
    'cpv.stateSubmitted': 'जमा किया गया। कोई आँकड़ा सुधारने के लिए उसे बदलें और फिर से जमा करें।',
    'cpv.stateQueued': 'इस फ़ोन पर जमा किया गया: ऑनलाइन होने पर भेजा जाएगा।',
    'cpv.deviationsTitle': 'अस्वीकृत विचलन पाए गए',
    'cpv.deviationsBody':
      'इस आवेदन में ऐसे विचलन हैं जो स्वीकृत नहीं हैं। कृपया अपने पर्यवेक्षक या अनुपालन टीम से संपर्क करें: स्वीकृति तक क्षेत्र सत्यापन आगे नहीं बढ़ सकता।',
    'cpv.geoTitle': 'फ़ोटो के स्थान',
    'cpv.geoDistance': '{label}: पिनकोड {pincode} से {distance} किमी',
    'cpv.geoFlagged': '5 किमी से अधिक दूर',
    'cpv.geoNotCaptured': '{label}: स्थान दर्ज नहीं हुआ',
    'cpv.geoUnknown': '{label}: दूरी अज्ञात (पिनकोड नहीं मिला)',
    'cpv.readOnly': 'ये मान पहले सहेजे गए थे। बदलने के लिए संपादित करें दबाएँ।',
    'cpv.edit': 'संपादित करें',
    'cpv.notReviewer': 'क्षेत्र सत्यापन शाखा क्रेडिट प्रबंधक या शाखा प्रबंधक करते हैं।',
    'cpv.statusNote': 'क्षेत्र सत्यापन तब होता है जब आवेदन PD1 पूर्ण हो या PD2 समीक्षा के लिए वापस भेजा गया हो; अभी यह {status} है।',
    'cpv.offlineNote': 'आप ऑफ़लाइन हैं: जमा करने पर सत्यापन और उसकी फ़ोटो इस फ़ोन पर सहेजी जाएँगी और कनेक्शन मिलने पर एक बार भेजी जाएँगी।',
    'cpv.submitted': 'क्षेत्र सत्यापन जमा किया गया।',
    'cpv.queued': 'क्षेत्र सत्यापन इस फ़ोन पर सहेजा गया; ऑनलाइन होने पर भेजा जाएगा।',
    'cpv.failed': 'फ़ॉर्म जमा करने में विफल। कृपया फिर से प्रयास करें।',
  },
);

/** The figures' labels (`cpvFigure.monthly_sales`), made from the domain's field lists. */
export const cpvFigureText = featureText(
  Object.fromEntries(figureNames.map((name) => [`cpvFigure.${name}`, FIGURES[name].label])),
  Object.fromEntries(figureNames.map((name) => [`cpvFigure.${name}`, FIGURE_HI[name]])),
);
/** Each figure's label key, for the kit (which reads every loaded feature text). */
export const figureKey = (name: BusinessFigure | ResidenceFigure) => `cpvFigure.${name}` as unknown as AnyTextKey;

/**
 * The domain's CPV messages in Hindi, keyed by their English text's own key, so a message from
 * the schema or the server shows in the user's language (tm).
 */
export const cpvMessageText = featureText(
  {
    'cpvMsg.verificationType': 'Invalid verification type',
    'cpvMsg.qr': 'QR code upload is required for the business place verification',
    'cpvMsg.shopSelfie': 'Shop selfie with BCM is required',
    'cpvMsg.houseSelfie': 'House selfie with BCM is required',
    'cpvMsg.deviations': 'Cannot proceed with unapproved deviations',
    'cpvMsg.geo': 'Invalid location',
    ...Object.fromEntries(
      figureNames.flatMap((name) => {
        const { label, kind } = FIGURES[name];
        const max = kind === 'percentage' ? 100 : kind === 'days' ? CPV_DAYS_MAX : CPV_AMOUNT_MAX;
        return [
          ...(isRequiredFigure(name) ? [[`cpvMsg.req.${name}`, requiredMessage(label)]] : []),
          [`cpvMsg.neg.${name}`, nonNegativeMessage(label)],
          [`cpvMsg.max.${name}`, atMostMessage(label, max)],
          [`cpvMsg.whole.${name}`, kind === 'percentage' ? `${label} must have at most 2 decimals` : wholeMessage(label, kind)],
        ];
      }),
    ),
  },
  {
    'cpvMsg.verificationType': 'अमान्य सत्यापन प्रकार',
    'cpvMsg.qr': 'व्यवसाय स्थल सत्यापन के लिए QR कोड अपलोड आवश्यक है',
    'cpvMsg.shopSelfie': 'BCM के साथ दुकान की सेल्फ़ी आवश्यक है',
    'cpvMsg.houseSelfie': 'BCM के साथ घर की सेल्फ़ी आवश्यक है',
    'cpvMsg.deviations': 'अस्वीकृत विचलनों के साथ आगे नहीं बढ़ सकते',
    'cpvMsg.geo': 'अमान्य स्थान',
    ...Object.fromEntries(
      figureNames.flatMap((name) => {
        const hi = FIGURE_HI[name];
        const { kind } = FIGURES[name];
        const max = kind === 'percentage' ? 100 : kind === 'days' ? CPV_DAYS_MAX : CPV_AMOUNT_MAX;
        return [
          ...(isRequiredFigure(name) ? [[`cpvMsg.req.${name}`, `${hi} आवश्यक है`]] : []),
          [`cpvMsg.neg.${name}`, `${hi} शून्य या उससे अधिक संख्या होनी चाहिए`],
          [`cpvMsg.max.${name}`, `${hi} अधिकतम ${max} हो सकता है`],
          [
            `cpvMsg.whole.${name}`,
            kind === 'percentage'
              ? `${hi} में अधिकतम 2 दशमलव हो सकते हैं`
              : kind === 'days'
                ? `${hi} पूरे दिनों में होने चाहिए`
                : `${hi} पूरे रुपयों में होना चाहिए`,
          ],
        ];
      }),
    ),
  },
);

export type CpvKey = TextKey<typeof cpvText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    cpv: keyof typeof cpvText.en;
  }
}
