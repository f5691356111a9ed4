import { featureText, type TextKey } from '../../i18n/feature-text';

/** The business rules engine's inputs and reasons in words (English, Hindi), shown by the loan offer and the rejection page. */
export const breText = featureText(
  {
    'bre.inputsTitle': 'What the engine uses',
    'bre.inputsNote': 'From the field verification. Correct the figures there if they are wrong.',
    'bre.inputsSource': 'From the field verification.',
    'bre.monthlySales': 'Monthly cash sales',
    'bre.grossMargin': 'Gross margin',
    'bre.grossProfit': 'Gross profit (sales × margin)',
    'bre.businessExpenses': 'Business expenses',
    'bre.householdExpenses': 'Household expenses',
    'bre.surplus': 'Monthly surplus',
    'bre.percent': '{value}%',
    'bre.reason.LOW_BRE_SCORE': 'The BRE score {score} is below the minimum of {min}.',
    'bre.reason.INSUFFICIENT_SURPLUS':
      'The monthly surplus of {surplus} is too small: 12 months of it ({capacity}) is below the smallest loan of {min}.',
  },
  {
    'bre.inputsTitle': 'इंजन किन आँकड़ों पर चलता है',
    'bre.inputsNote': 'फ़ील्ड सत्यापन से। आँकड़े गलत हों तो वहीं सुधारें।',
    'bre.inputsSource': 'फ़ील्ड सत्यापन से।',
    'bre.monthlySales': 'मासिक नकद बिक्री',
    'bre.grossMargin': 'सकल मार्जिन',
    'bre.grossProfit': 'सकल लाभ (बिक्री × मार्जिन)',
    'bre.businessExpenses': 'व्यावसायिक खर्च',
    'bre.householdExpenses': 'घरेलू खर्च',
    'bre.surplus': 'मासिक बचत',
    'bre.percent': '{value}%',
    'bre.reason.LOW_BRE_SCORE': 'BRE स्कोर {score} न्यूनतम {min} से कम है।',
    'bre.reason.INSUFFICIENT_SURPLUS': 'मासिक बचत {surplus} बहुत कम है: इसके 12 महीने ({capacity}) सबसे छोटे ऋण {min} से कम हैं।',
  },
);

export type BreKey = TextKey<typeof breText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    bre: keyof typeof breText.en;
  }
}
