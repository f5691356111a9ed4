import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { wrongDesignationMessage, workflowMoveOf } from '../../src/domain';
import { notAnObject } from '../../src/server/http/envelope';
import { SEALED_MSG } from '../../src/server/keys/outbox-key';
import { byEnglish, english, registerAnswerLanguage, said, sayIn, type Said } from '../../src/server/kernels/messages';
import { saidByEnglish } from '../../src/server/messages/message-language';
import { CO_APPLICANT_MSG } from '../../src/server/modules/co-applicants/co-applicant.input';
import { ACCEPTED_CONTENT } from '../../src/server/modules/files/file-content';
import { JOIN_US_MSG } from '../../src/server/modules/join-us/join-us.messages';
import { QUOTA_MSG } from '../../src/server/modules/rate-limit/quota.messages';
import { conflictMessage } from '../../src/server/modules/record-versions/record-versions.messages';

/**
 * Issue 38: every refusal says its message by code, and the answer translates by that code only.
 * The Hindi and Tamil below are what the answers said before, when they were found by their
 * English text (main at e650a875): saying them by code changed no byte.
 */
const BEFORE: { said: Said | string; en: string; hi: string; ta: string }[] = [
  {
    said: QUOTA_MSG.perApplication.bank_account,
    en: 'Too many bank account checks for this application. Please try again later.',
    hi: 'इस आवेदन के लिए बहुत अधिक बैंक खाता जांच। कृपया बाद में फिर से प्रयास करें।',
    ta: 'இந்த விண்ணப்பத்திற்கு அதிகமான வங்கிக் கணக்குச் சரிபார்ப்புகள். பின்னர் மீண்டும் முயற்சிக்கவும்.',
  },
  {
    said: said('text.theFileNameIsNotA', { name: 'statement.txt', types: ACCEPTED_CONTENT }),
    en: 'The file "statement.txt" is not a PNG, JPEG or PDF file.',
    hi: 'फ़ाइल "statement.txt" PNG, JPEG या PDF फ़ाइल नहीं है।',
    ta: '"statement.txt" கோப்பு PNG, JPEG அல்லது PDF கோப்பு அல்ல.',
  },
  {
    said: byEnglish(wrongDesignationMessage(workflowMoveOf('PD1_COMPLETE', 'PD1_REVIEW')!)),
    en: 'Only a branch manager or a branch credit manager may move an application from PD1_COMPLETE to PD1_REVIEW.',
    hi: 'केवल शाखा प्रबंधक या शाखा क्रेडिट प्रबंधक आवेदन को PD1 पूर्ण से PD1 समीक्षा के लिए वापस भेजा गया पर ले जा सकते हैं।',
    ta: 'ஒரு கிளை மேலாளர் அல்லது ஒரு கிளைக் கடன் மேலாளர் மட்டுமே ஒரு விண்ணப்பத்தை PD1 முடிந்தது இலிருந்து PD1 மறுஆய்வுக்குத் திருப்பி அனுப்பப்பட்டது க்கு மாற்ற முடியும்.',
  },
  {
    said: SEALED_MSG.notOpened,
    en: 'The sealed request could not be opened: it was changed or damaged',
    hi: 'सील किया गया अनुरोध खोला नहीं जा सका: वह बदला गया या खराब हो गया',
    ta: 'முத்திரையிடப்பட்ட கோரிக்கையைத் திறக்க முடியவில்லை: அது மாற்றப்பட்டது அல்லது சேதமடைந்தது',
  },
  {
    said: said('disbursement.windowClosed', { date: '05-12-2026' }),
    en: "The cooling-off period ended on 05-12-2026: the borrower can no longer exit without the loan's foreclosure terms.",
    hi: 'कूलिंग-ऑफ़ अवधि 05-12-2026 को समाप्त हो गई: अब उधारकर्ता ऋण की फ़ोरक्लोज़र शर्तों के बिना बाहर नहीं निकल सकते।',
    ta: 'கூலிங்-ஆஃப் காலம் 05-12-2026 அன்று முடிந்தது: கடனின் முன்கூட்டியே முடித்தல் விதிமுறைகள் இல்லாமல் கடன்தாரர் இனி வெளியேற முடியாது.',
  },
  {
    said: JOIN_US_MSG.fileNotFound('Missing PAN'),
    en: 'Missing PAN: the upload was not found. Please upload it again.',
    hi: 'PAN नहीं है: अपलोड नहीं मिला। कृपया फिर से अपलोड करें।',
    ta: 'PAN இல்லை: பதிவேற்றம் கிடைக்கவில்லை. மீண்டும் பதிவேற்றவும்.',
  },
  {
    said: conflictMessage(['name', 'dob']),
    en: 'Saved, except name, dob: changed by someone else meanwhile. Choose which value to keep.',
    hi: 'सहेजा गया, सिवाय name, dob के: इस बीच किसी और ने इन्हें बदल दिया। चुनें कि कौन सा मान रखना है।',
    ta: 'சேமிக்கப்பட்டது, name, dob தவிர: இடையில் வேறொருவரால் மாற்றப்பட்டது. எந்த மதிப்பை வைத்துக்கொள்வது என்பதைத் தேர்வு செய்யவும்.',
  },
  {
    said: CO_APPLICANT_MSG.idInUse,
    en: 'This id is already used by a co-applicant of another application.',
    hi: 'यह id किसी दूसरे आवेदन के सह-आवेदक के लिए पहले से उपयोग में है।',
    ta: 'இந்த ஐடி ஏற்கெனவே வேறொரு விண்ணப்பத்தின் இணை விண்ணப்பதாரரால் பயன்படுத்தப்படுகிறது.',
  },
  {
    said: byEnglish(notAnObject('Request body')),
    en: 'Request body must be a JSON object',
    hi: 'अनुरोध एक JSON ऑब्जेक्ट होना चाहिए',
    ta: 'கோரிக்கை உள்ளடக்கம் ஒரு JSON object ஆக இருக்க வேண்டும்',
  },
];

/** Every `.ts` file under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });

/** What the source passes as a message in quotes: to a refusal, an answer, or an error the error handler answers. */
const QUOTED_MESSAGE =
  /(?:\b(?:refuse|fail|refused)\((?:reply, )?\d{3}, |\bnew (?:SealedRequestError|ProviderUnavailableError|QuotaExceededError|BadInput)\((?:'[^']*', )?)(['"`])((?:(?!\1).)*)\1/g;

describe('the server’s messages said by code (issue 38)', () => {
  it.each(BEFORE.map((b) => [b.en, b] as const))('says "%s" in hi and ta as it did by its English text', (_, before) => {
    const saidAs = before.said;
    expect(typeof saidAs).toBe('object');
    const message = saidAs as Said;
    expect(english(message)).toBe(before.en);
    expect(sayIn(message, 'hi')).toBe(before.hi);
    expect(sayIn(message, 'ta')).toBe(before.ta);
  });

  it('no refusal passes its message as a string written in the source; an error answered by its text quotes only one no catalogue has', () => {
    const quoted = sources('src/server').flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(QUOTED_MESSAGE)].map((m) => ({ path, text: m[2]!, refusal: !m[0].startsWith('new ') })),
    );
    expect(quoted.filter(({ refusal }) => refusal)).toEqual([]);
    expect(quoted.length).toBeGreaterThan(0); // the errors' own texts (a provider not configured, a sealed request without its key)
    // A `${...}` part stands for a sample value.
    expect(quoted.filter(({ text }) => saidByEnglish(text.replace(/\$\{[^}]*\}/g, 'X')) !== undefined)).toEqual([]);
  });

  it('answers a message that carries no code as written: nothing is found by its English text any more', async () => {
    const app = Fastify();
    registerAnswerLanguage(app);
    // 'Something went wrong!' is in every catalogue (msg.somethingWentWrong), but this answer does not say it by code.
    app.get('/plain', () => ({ success: false, message: 'Something went wrong!', status_code: 500 }));
    const answer = (await app.inject({ url: '/plain', headers: { 'accept-language': 'hi' } })).json();
    expect(answer.message).toBe('Something went wrong!');
    await app.close();
  });
});
