import { featureText, type TextKey } from '../../i18n/feature-text';

/**
 * What every step says the same way (issue 20 "one way for a step to behave"): the success
 * toast, the one message per kind of submit failure, and the marks of the form kit's fields.
 */
export const stepKitText = featureText(
  {
    'step.sent': 'Form submitted successfully!',
    'step.queued': 'Saved on this phone: it is sent when there is a connection.',
    'step.failedUnexpected': 'Failed to submit form. Please try again.',
    'step.failedOffline': 'You are offline: this needs a connection. Try again when you are online.',
    'step.failedNetwork': 'The server could not be reached. Check the connection and try again.',
    'step.refused': 'The server refused this form. Check it and submit again.',
    'step.dateHint': 'Day, month, year: DD-MM-YYYY',
  },
  {
    'step.sent': 'फ़ॉर्म सफलतापूर्वक जमा किया गया!',
    'step.queued': 'इस फ़ोन पर सहेजा गया: कनेक्शन मिलने पर भेजा जाएगा।',
    'step.failedUnexpected': 'फ़ॉर्म जमा करने में विफल। कृपया फिर से प्रयास करें।',
    'step.failedOffline': 'आप ऑफ़लाइन हैं: इसके लिए कनेक्शन चाहिए। ऑनलाइन होने पर फिर से प्रयास करें।',
    'step.failedNetwork': 'सर्वर तक नहीं पहुँच सके। कनेक्शन जाँचें और फिर से प्रयास करें।',
    'step.refused': 'सर्वर ने यह फ़ॉर्म अस्वीकार किया। इसे जाँचें और फिर से जमा करें।',
    'step.dateHint': 'दिन, माह, वर्ष: DD-MM-YYYY',
  },
);

export type StepKitKey = TextKey<typeof stepKitText>;

declare module '../../i18n/feature-text' {
  interface FeatureKeys {
    stepKit: keyof typeof stepKitText.en;
  }
}
