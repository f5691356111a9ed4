import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/messages/languages';
import { registerAnswerLanguage } from '../../src/server/kernels/messages';
import { fail, failWith, ok } from '../../src/server/http/envelope';
import { refuse } from '../../src/server/outcome';
import { carrying, english, messageCatalogues, said, sayIn, type MessageCode } from '../../src/server/kernels/messages';

const catalogues = Object.fromEntries(messageCatalogues());
const codes = Object.keys(catalogues.en!) as MessageCode[];

/** The domain's message tables (shared with the app): the server says their messages by code, `<table>.<name>`. */
const DOMAIN = import.meta.glob<Record<string, unknown>>('../../src/domain/*.ts', { eager: true });
const prefixOf = (table: string) =>
  table === 'MSG'
    ? 'msg'
    : table
        .replace(/_MSG$/, '')
        .toLowerCase()
        .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const domainMessages = Object.values(DOMAIN).flatMap((module) =>
  Object.entries(module)
    .filter(([name, table]) => /(^|_)MSG$/.test(name) && table !== null && typeof table === 'object')
    .flatMap(([name, table]) =>
      Object.entries(table as Record<string, unknown>).flatMap(([key, text]) =>
        typeof text === 'string' ? [{ code: `${prefixOf(name)}.${key}`, text }] : [],
      ),
    ),
);

describe('the server’s messages by code (issue 38)', () => {
  it('has every code in all six languages, and no other', () => {
    expect(codes.length).toBeGreaterThan(400);
    for (const language of LANGUAGES)
      expect({ language, codes: Object.keys(catalogues[language]!).sort() }).toEqual({ language, codes: [...codes].sort() });
  });

  it('keys each English message once', () => {
    const texts = codes.map((code) => catalogues.en![code]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('has the English of the domain’s tables as the tables write it, for every code of theirs', () => {
    // A code whose English has a `{name}` part is the table's message with its part filled in by the code.
    const coded = domainMessages.filter(({ code }) => code in catalogues.en! && !catalogues.en![code]!.includes('{'));
    expect(coded.length).toBeGreaterThan(150);
    expect(coded.filter(({ code, text }) => catalogues.en![code] !== text)).toEqual([]);
  });

  it('says a message by its code in the language asked for, its parts too', () => {
    expect(english(said('auth.notRegistered'))).toBe('This mobile number is not registered. Please contact us.');
    expect(sayIn(said('auth.notRegistered'), 'hi')).toBe('यह मोबाइल नंबर पंजीकृत नहीं है। कृपया हमसे संपर्क करें।');
    expect(english(said('auth.tooManyRequests', { n: 1 }))).toBe('Too many OTP requests. Please try again after 1 minute.');
    expect(sayIn(said('auth.tooManyRequests', { n: 7 }), 'hi')).toBe('बहुत अधिक OTP अनुरोध। कृपया 7 मिनट बाद फिर से प्रयास करें।');
    expect(sayIn(said('part.stageStage', { stage: 'REFERENCES' }), 'en')).toBe('stage REFERENCES');
  });

  it('answers a message said by code in the language asked for by its code, not by its text', async () => {
    const app = Fastify();
    registerAnswerLanguage(app);
    app.get('/refused', (_, reply) => failWith(reply, refuse(400, said('auth.notRegistered'))));
    app.get('/failed', (_, reply) => fail(reply, 429, said('auth.tooManyRequests', { n: 7 })));
    app.get('/ok', () => ok({ id: 1 }, said('auth.otpSent')));
    // A text no catalogue has, carrying a code: the code decides.
    app.get('/coded', () => carrying({ success: true, message: 'not in any catalogue' }, said('auth.loggedOut')));
    const hindi = { 'accept-language': 'hi' };
    const body = async (url: string, headers: Record<string, string> = hindi) => (await app.inject({ url, headers })).json();
    expect(await body('/refused')).toEqual({ success: false, message: catalogues.hi!['auth.notRegistered'], status_code: 400 });
    expect((await body('/refused', {})).message).toBe('This mobile number is not registered. Please contact us.');
    expect((await body('/failed')).message).toBe('बहुत अधिक OTP अनुरोध। कृपया 7 मिनट बाद फिर से प्रयास करें।');
    expect(await body('/ok')).toEqual({ success: true, data: { id: 1 }, message: catalogues.hi!['auth.otpSent'] });
    expect((await body('/coded')).message).toBe(catalogues.hi!['auth.loggedOut']);
    await app.close();
  });
});
