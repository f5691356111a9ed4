import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMove, REVIEW_WORKFLOW, STATUS_TEXT, statusText, wrongDesignationMessage, type MoveFacts } from '../../src/domain';
import { hi } from '../../src/app/i18n/hi';
import { APPLICATION_MSG } from '../../src/server/modules/applications/applications.messages';
import {
  answerLanguageOf,
  english,
  englishForms,
  hasTranslation,
  messageCatalogues,
  messageIn,
  sayIn,
  type Said,
} from '../../src/server/kernels/messages';
import { formatIcu } from '../../src/domain/messages/icu';
import { post } from './helpers/http';
import { useTestApp } from './helpers/test-app';

/** Every module that exports a table of messages (`*_MSG`), or messages one by one. */
const MESSAGE_MODULES = import.meta.glob<Record<string, unknown>>(
  [
    '../../src/domain/**/*.ts',
    '../../src/server/**/*.ts',
    '!../../src/server/**/*.worker.ts',
    '!../../src/server/main.ts',
    '!../../src/server/serve.ts',
  ],
  { eager: true },
);

/** Sample arguments for a message with a varying part: a count, a status, a name; a list of stages where it joins one. */
const SAMPLES: unknown[][] = [[1], [5], ['PD1_COMPLETE'], ['PAN']];
const LIST_SAMPLE: unknown[] = [['BORROWER_INFO', 'KYC']];

/** A message said by code (issue 38): its code and values, said in each language by the code. */
const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
type Message = string | Said;
const englishOf = (message: Message) => (typeof message === 'string' ? message : english(message));

function textOf(message: (...a: unknown[]) => unknown, args: unknown[]): Message[] {
  try {
    const text = message(...args);
    return typeof text === 'string' || isSaid(text) ? [text] : [];
  } catch {
    return []; // a message that takes another kind of value
  }
}

function messagesOf(table: Record<string, unknown>): Message[] {
  return Object.values(table).flatMap((value): Message[] => {
    if (typeof value === 'string' || isSaid(value)) return [value];
    if (typeof value === 'function') {
      const message = value as (...a: unknown[]) => unknown;
      const texts = SAMPLES.flatMap((args) => textOf(message, args));
      return texts.length ? texts : textOf(message, LIST_SAMPLE);
    }
    // A message kept as an English and Hindi pair: the English is the one answered.
    if (value && typeof value === 'object' && 'en' in value && 'hi' in value) return [String(value.en)];
    if (value && typeof value === 'object') return messagesOf(value as Record<string, unknown>);
    return [];
  });
}

const tableMessages = Object.entries(MESSAGE_MODULES).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([name, value]) => /_MSG$/.test(name) && value && typeof value === 'object')
    .flatMap(([name, value]) => messagesOf(value as Record<string, unknown>).map((text) => ({ where: `${file} ${name}`, text }))),
);

/** The inline refusals of the server's source: `refuse(409, '...')`, `fail(reply, 404, \`...\`)`. */
function inlineRefusals(dir: string): { where: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return inlineRefusals(path);
    if (!path.endsWith('.ts')) return [];
    const source = readFileSync(path, 'utf8');
    return [...source.matchAll(/(?:refuse|fail)\((?:reply, )?\d{3}, (['`])((?:(?!\1).)*)\1/g)].map((m) => ({
      where: path,
      // A `${...}` part stands for a sample value.
      text: m[2]!.replace(/\$\{[^}]*\}/g, '5'),
    }));
  });
}

const NO_FACTS: MoveFacts = {
  stages: [],
  loanType: 'UNSECURED_BUSINESS_LOAN',
  verifications: { mobile: false, aadhaar: false, pan: false, voterId: false, gender: 'FEMALE', coApplicants: [] } as never,
  deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING', of: null } as never],
  cpv: { businessPlace: null, residence: null } as never,
  loanOffer: null,
  remarks: null,
  changedSinceReview: false,
  resubmitted: false,
};

const workflowMessages = REVIEW_WORKFLOW.flatMap((move) => {
  const check = checkMove(move.who[0], move.from, move.to, () => NO_FACTS);
  return [wrongDesignationMessage(move), ...(check.ok ? [] : [check.message])];
});

/** Each language's script: a translated message has at least one letter of it. */
const SCRIPTS = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  bn: /[\u0980-\u09FF]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
} as const;
const TRANSLATED = Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[];

const allMessages = (): { where: string; text: Message }[] => [
  ...tableMessages,
  ...inlineRefusals('src/server'),
  ...workflowMessages.map((text) => ({ where: 'review workflow', text })),
  ...Object.values(STATUS_TEXT).map((text) => ({ where: 'STATUS_TEXT', text })),
  { where: 'statusText', text: statusText('UNKNOWN') },
];

/** A sample value for each `{name}` of a message (a number where it is counted). */
const samplesOf = (key: string) => Object.fromEntries([...key.matchAll(/\{(\w+)(, plural)?/g)].map((m) => [m[1]!, m[2] ? 3 : `«${m[1]}»`]));

describe('the catalogues of the server’s messages', () => {
  it('finds the messages (the tables, the inline refusals, the workflow, the public track)', () => {
    expect(tableMessages.length).toBeGreaterThan(250);
    expect(inlineRefusals('src/server')).toEqual([]); // every refusal says its message by code (issue 38)
    expect(workflowMessages.length).toBeGreaterThan(10);
  });

  it.each(TRANSLATED)('has %s for every message the server builds', (language) => {
    const [, catalogue] = messageCatalogues().find(([l]) => l === language)!;
    const missing = allMessages().filter(({ text }) =>
      typeof text === 'string'
        ? !hasTranslation(text, language) || !SCRIPTS[language].test(messageIn(text, language))
        : catalogue[text.code] === undefined || !SCRIPTS[language].test(sayIn(text, language)),
    );
    expect(missing.map(({ where, text }) => `${where}: ${englishOf(text)}`)).toEqual([]);
  });

  it('has the same keys in every language, each used by a message the server builds', () => {
    const [, hindi] = messageCatalogues().find(([language]) => language === 'hi')!;
    const [, en] = messageCatalogues().find(([language]) => language === 'en')!;
    for (const [language, catalogue] of messageCatalogues())
      expect({ language, keys: Object.keys(catalogue).sort() }).toEqual({ language, keys: Object.keys(hindi).sort() });
    // A key no message of the server is (nor matches as a template, nor is a part of one) is unused.
    const texts = allMessages().map(({ text }) => englishOf(text));
    const used = (form: string) => {
      if (texts.includes(form)) return true;
      const pattern = new RegExp(
        `^${form
          .split(/\{\w+\}/)
          .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?')}$`,
        's',
      );
      return texts.some((text) => pattern.test(text) || text.includes(form));
    };
    const unused = Object.keys(hindi).filter((code) => !englishForms(en[code]!).some(used));
    expect(unused.length).toBeLessThan(Object.keys(hindi).length / 4); // parts named inside messages, provider texts
  });

  it.each(TRANSLATED)('every %s message parses as ICU and formats with sample values', (language) => {
    const [, catalogue] = messageCatalogues().find(([l]) => l === language)!;
    const [, en] = messageCatalogues().find(([l]) => l === 'en')!;
    const broken = Object.entries(catalogue).filter(([code, value]) => {
      const key = en[code]!;
      try {
        const text = formatIcu(value, language, samplesOf(`${key} ${value}`));
        return /[{}]/.test(text) || !SCRIPTS[language].test(text + (/[A-Za-z]{4}/.test(key) ? '' : SCRIPTS[language].source));
      } catch {
        return true;
      }
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it.each(TRANSLATED)('says %s plurals by the language’s rules (1 and 5 minutes)', (language) => {
    const one = messageIn('Too many OTP requests. Please try again after 1 minute.', language);
    const five = messageIn('Too many OTP requests. Please try again after 5 minutes.', language);
    expect(one).toMatch(/\b1\b/);
    expect(five).toMatch(/\b5\b/);
    expect(SCRIPTS[language].test(one) && SCRIPTS[language].test(five)).toBe(true);
  });

  it('fills the varying parts and translates them too (statuses, lists of what is missing)', () => {
    expect(messageIn('Too many OTP requests. Please try again after 7 minutes.', 'hi')).toBe(
      'बहुत अधिक OTP अनुरोध। कृपया 7 मिनट बाद फिर से प्रयास करें।',
    );
    expect(
      messageIn('Cannot move from PD1_REVIEW to PD1_COMPLETE yet. Still needed: a change since the review, stage REFERENCES.', 'hi'),
    ).toBe('अभी PD1 समीक्षा के लिए वापस भेजा गया से PD1 पूर्ण पर नहीं ले जा सकते। अभी चाहिए: समीक्षा के बाद कोई बदलाव, चरण REFERENCES।');
    expect(messageIn('Something nobody wrote', 'hi')).toBe('Something nobody wrote');
    expect(messageIn('Your loan is approved.', 'en')).toBe('Your loan is approved.');
  });

  it('says in Hindi what the app recognises in Hindi (a refused bank step reopens with Continue with Deviation)', () => {
    expect(sayIn(APPLICATION_MSG.nameMismatch, 'hi')).toBe(hi['borrower.nameMismatch']);
    expect(messageIn('Something went wrong!', 'hi')).toBe(hi['msg.somethingWentWrong']);
  });

  it('reads Accept-Language: the preferred of the six languages, English otherwise', () => {
    expect(answerLanguageOf('mr')).toBe('mr');
    expect(answerLanguageOf('ta-IN,ta;q=0.9,en;q=0.8')).toBe('ta');
    expect(answerLanguageOf('en;q=0.4, bn;q=0.6, hi;q=0.5')).toBe('bn');
    expect(answerLanguageOf('fr, te;q=0.3')).toBe('te');
    expect(answerLanguageOf('hi')).toBe('hi');
    expect(answerLanguageOf('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(answerLanguageOf('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(answerLanguageOf('en;q=0.5, hi')).toBe('hi');
    expect(answerLanguageOf('fr, de')).toBe('en');
    expect(answerLanguageOf(undefined)).toBe('en');
    expect(answerLanguageOf('hi;q=0')).toBe('en');
  });
});

describe('answers in the language the app asks for', () => {
  const ctx = useTestApp();

  it('"This mobile number is not registered…" in Hindi with Accept-Language: hi, in English without', async () => {
    const hindi = await post(
      ctx.app,
      '/api/v1/auth/send-otp',
      { mobile: '9123456789', hostname: 'localhost' },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.status).toBe(400);
    expect(hindi.body).toEqual({ success: false, message: 'यह मोबाइल नंबर पंजीकृत नहीं है। कृपया हमसे संपर्क करें।', status_code: 400 });
    expect(hindi.headers.vary).toMatch(/Accept-Language/);
    const english = await post(ctx.app, '/api/v1/auth/send-otp', { mobile: '9123456789', hostname: 'localhost' });
    expect(english.body.message).toBe('This mobile number is not registered. Please contact us.');
  });

  it.each(['mr', 'bn', 'ta', 'te'] as const)('the same refusal in %s with Accept-Language: %s, in its script', async (language) => {
    const res = await post(
      ctx.app,
      '/api/v1/auth/send-otp',
      { mobile: '9123456789', hostname: 'localhost' },
      { headers: { 'accept-language': `${language}-IN,${language};q=0.9,en;q=0.5` } },
    );
    expect(res.status).toBe(400);
    const [, catalogue] = messageCatalogues().find(([l]) => l === language)!;
    expect(res.body.message).toBe(catalogue['auth.notRegistered']);
    expect(res.body.message).toMatch(SCRIPTS[language]);
  });

  it('a success message and a schema refusal are translated the same way', async () => {
    const sent = await post(
      ctx.app,
      '/api/v1/auth/send-otp',
      { mobile: '9000000001', hostname: 'localhost' },
      { headers: { 'accept-language': 'hi-IN,hi;q=0.9' } },
    );
    expect(sent.body.message).toBe('OTP सफलतापूर्वक भेजा गया');
    const unknownRoute = await post(ctx.app, '/api/v1/nowhere', {}, { headers: { 'accept-language': 'hi' } });
    expect(unknownRoute.body.message).toBe('मार्ग नहीं मिला');
  });
});
