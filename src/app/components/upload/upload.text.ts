import { featureText } from '../../i18n/feature-text';

/** What an upload box says of the files it takes and that it is required (issue 31 N14): with the boxes, not in the shell. */
export const uploadText = featureText(
  {
    'upload.acceptsPhotos': 'Accepts {types}. Photos are made smaller on this phone.',
    'upload.acceptsPhotosOrFiles': 'Accepts {types}. Photos are made smaller on this phone; other files up to 10 MB.',
    'common.required': '(required)',
  },
  {
    'upload.acceptsPhotos': '{types} स्वीकार्य। फ़ोटो इसी फ़ोन पर छोटी कर दी जाती हैं।',
    'upload.acceptsPhotosOrFiles': '{types} स्वीकार्य। फ़ोटो इसी फ़ोन पर छोटी कर दी जाती हैं; दूसरी फ़ाइलें अधिकतम 10 MB।',
    'common.required': '(आवश्यक)',
  },
);
