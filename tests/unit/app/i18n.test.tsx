// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../src/domain';
import { en, type MessageKey } from '../../../src/app/i18n/en';
import { hi } from '../../../src/app/i18n/hi';
import { getLanguage, reloadLanguage, setLanguage } from '../../../src/app/i18n/language.store';
import { translate, translateMessage } from '../../../src/app/i18n/translate';
import { resetDevice, teardown } from './test-utils';
import { sourceOf, sourcesOf } from '../../support/message-source';

/** The screens this issue translates: every English key of these groups needs Hindi. */
const TRANSLATED_GROUPS = [
  'common.',
  'lang.',
  'shell.',
  'login.',
  'dashboard.',
  'profile.',
  'role.',
  'storage.',
  'upload.',
  'camera.',
  'preview.',
  'sync.',
  'logout.',
  'kyc.',
];
/** Domain messages those screens can show. */
const SCREEN_MESSAGES: (keyof typeof MSG)[] = [
  'invalidMobileNumber',
  'invalidOtp',
  'invalidOtpTryAgain',
  'failedVerifyOtp',
  'somethingWentWrong',
  'unparsableResponse',
  'errorFetchingProfile',
];

// The ICU texts (the app holds a message with arguments compiled).
const hindi = sourcesOf(hi) as Partial<Record<MessageKey, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('has Hindi for every English key of the shell, login, dashboard and profile', () => {
    const required = [
      ...(Object.keys(en) as MessageKey[]).filter((key) => TRANSLATED_GROUPS.some((group) => key.startsWith(group))),
      ...SCREEN_MESSAGES.map((key) => `msg.${key}` as MessageKey),
    ];
    expect(required.length).toBeGreaterThan(60);
    const missing = required.filter((key) => !hindi[key]?.trim());
    expect(missing).toEqual([]);
  });

  it('Hindi keeps the placeholders of the English text and has no key English lacks', () => {
    for (const [key, text] of Object.entries(hindi)) {
      expect(Object.hasOwn(en, key), key).toBe(true);
      expect(placeholders(text!), key).toEqual(placeholders(sourceOf(en[key as MessageKey])));
    }
  });

  it("English entries are the spec's exact strings, including the domain's messages", () => {
    expect(en['login.title']).toBe('Welcome Back');
    expect(sourceOf(en['login.resendIn'])).toBe('Resend OTP in {seconds}s');
    for (const [key, text] of Object.entries(MSG)) expect(en[`msg.${key}` as MessageKey]).toBe(text);
  });

  it('translates a domain message by looking up its English text; unknown text passes through', () => {
    expect(translateMessage(MSG.invalidMobileNumber, 'hi')).toBe('अमान्य मोबाइल नंबर');
    expect(translateMessage('Server says hello', 'hi')).toBe('Server says hello');
    expect(translate('login.resendIn', { seconds: 7 }, 'hi')).toBe('7 सेकंड में OTP फिर से भेजें');
  });

  it('remembers the language on the device and applies it to <html lang>', () => {
    setLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('lang')).toBe('hi');
    setLanguage('en');
    localStorage.setItem('lang', 'hi');
    reloadLanguage();
    expect(getLanguage()).toBe('hi');
    localStorage.setItem('lang', 'fr');
    reloadLanguage();
    expect(getLanguage()).toBe('en');
  });
});
