import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts of the complete-application lookup (spec 02 screen 13), English and Hindi. */
export const resumeText = featureText(
  {
    'resume.title': 'Complete Application',
    'resume.intro': "Find an unfinished application by the borrower's mobile number and continue where it stopped.",
    'resume.mobile': "Borrower's mobile number",
    'resume.search': 'Search',
    'resume.searching': 'Searching...',
    'resume.found': 'Application found with the given mobile number',
    'resume.fillCpv': 'Please fill Business CPV Info to proceed',
    'resume.addCpv': 'Add CPV Info',
    'resume.none': 'No Incomplete Application Found',
    'resume.continue': 'Continue',
    'resume.application': '{name} · {tracker}',
    'resume.offline': 'The lookup needs a connection.',
  },
  {
    'resume.title': 'आवेदन पूरा करें',
    'resume.intro': 'उधारकर्ता के मोबाइल नंबर से अधूरा आवेदन खोजें और वहीं से जारी रखें जहाँ वह रुका था।',
    'resume.mobile': 'उधारकर्ता का मोबाइल नंबर',
    'resume.search': 'खोजें',
    'resume.searching': 'खोजा जा रहा है...',
    'resume.found': 'दिए गए मोबाइल नंबर से आवेदन मिला',
    'resume.fillCpv': 'आगे बढ़ने के लिए कृपया व्यवसाय CPV जानकारी भरें',
    'resume.addCpv': 'CPV जानकारी जोड़ें',
    'resume.none': 'कोई अधूरा आवेदन नहीं मिला',
    'resume.continue': 'जारी रखें',
    'resume.application': '{name} · {tracker}',
    'resume.offline': 'खोज के लिए कनेक्शन चाहिए।',
  },
);

export type ResumeKey = TextKey<typeof resumeText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    resume: keyof typeof resumeText.en;
  }
}
