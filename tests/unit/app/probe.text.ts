import { featureText } from '../../../src/app/i18n/feature-text';

/** A probe feature's texts for feature-text.test.ts. */
export const probeText = featureText(
  { 'probe.saved': 'Probe saved on this phone.', 'probe.count': '{count} probes' },
  { 'probe.saved': 'प्रोब इस फ़ोन पर सहेजा गया।', 'probe.count': '{count} प्रोब' },
);
