import { featureText, type TextKey } from '../../i18n/feature-text';

/** The texts only the dashboard screens use (English, Hindi); the shell's catalogues keep the shared ones. */
export const dashboardText = featureText(
  {
    'dashboard.title': 'Dashboard',
    'dashboard.applications': 'Applications',
    'dashboard.view': 'View',
    'dashboard.createApplication': 'Create Application',
    'dashboard.completeApplication': 'Complete Application',
    'dashboard.countUnknown': 'Not known yet',
    'dashboard.lastKnownCount': 'Offline: showing the last known count',
    'dashboard.track': 'Track Application',
    'dashboard.insights': 'Branch pipeline',
  },
  {
    'dashboard.title': 'डैशबोर्ड',
    'dashboard.applications': 'आवेदन',
    'dashboard.view': 'देखें',
    'dashboard.createApplication': 'आवेदन बनाएं',
    'dashboard.completeApplication': 'आवेदन पूरा करें',
    'dashboard.countUnknown': 'अभी ज्ञात नहीं',
    'dashboard.lastKnownCount': 'ऑफ़लाइन: पिछली ज्ञात संख्या दिखाई जा रही है',
    'dashboard.track': 'आवेदन ट्रैक करें',
    'dashboard.insights': 'शाखा पाइपलाइन',
  },
);

export type DashboardKey = TextKey<typeof dashboardText>;

declare module '../../i18n/feature-text' {
  // The shared form kit takes these keys as labels (see FeatureKeys).
  interface FeatureKeys {
    dashboard: keyof typeof dashboardText.en;
  }
}
