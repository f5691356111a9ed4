import { featureText } from '../../i18n/feature-text';

/** "Needs your decision" (issue 32): a write the server saved in part, someone else having changed the same fields meanwhile. */
export const decisionsText = featureText(
  {
    'decisions.title': 'Needs your decision',
    'decisions.intro': '{label}: saved, except what someone else changed meanwhile. Choose the value to keep for each.',
    'decisions.yours': 'Yours: {value}',
    'decisions.yoursAsSent': 'the value you entered',
    'decisions.theirs': 'On the server, by {name} at {time}: {value}',
    'decisions.theirsUnknown': 'On the server, by {name} at {time} (connect to see it)',
    'decisions.empty': '(empty)',
    'decisions.file': 'a file',
    'decisions.chooseEach': 'Choose a value for each field.',
    'decisions.save': 'Save my choices',
    'decisions.saved': 'Your choices are saved and will be sent.',
  },
  {
    'decisions.title': 'आपका निर्णय चाहिए',
    'decisions.intro': '{label}: सहेजा गया, सिवाय उसके जो इस बीच किसी और ने बदला। हर एक के लिए रखने वाला मान चुनें।',
    'decisions.yours': 'आपका: {value}',
    'decisions.yoursAsSent': 'आपके द्वारा भरा गया मान',
    'decisions.theirs': 'सर्वर पर, {name} द्वारा {time} पर: {value}',
    'decisions.theirsUnknown': 'सर्वर पर, {name} द्वारा {time} पर (देखने के लिए इंटरनेट से जुड़ें)',
    'decisions.empty': '(खाली)',
    'decisions.file': 'एक फ़ाइल',
    'decisions.chooseEach': 'हर फ़ील्ड के लिए एक मान चुनें।',
    'decisions.save': 'मेरे चुनाव सहेजें',
    'decisions.saved': 'आपके चुनाव सहेजे गए और भेजे जाएँगे।',
  },
);
