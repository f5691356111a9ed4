import { describe, expect, it } from 'vitest';
import {
  agreementLabels,
  defaultAgreementClauses,
  documentCatalogues,
  documentMessage,
  documentText,
  kfsLabels,
  LANGUAGES,
  missingDocumentKeys,
  smsText,
  type DocumentCatalogue,
  type DocumentSection,
} from '../../../src/domain';
import { formatIcu } from '../../../src/domain/messages/icu';
import en from '../../../src/domain/messages/documents/en.json';

// Issue 37: the borrower's documents (the KFS labels, the sanction letter and agreement, the SMS)
// in six languages, as ICU messages in one catalogue per language (src/domain/messages/documents).

const SCRIPTS = {
  en: /[A-Za-z]/,
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  bn: /[\u0980-\u09FF]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
} as const;

/** Sample values for a message's arguments: a count where it is a plural, a marked text otherwise. */
const samplesOf = (message: string) =>
  Object.fromEntries([...message.matchAll(/\{(\w+)(, plural)?/g)].map((m) => [m[1]!, m[2] ? 3 : `«${m[1]}»`]));
const argumentsOf = (message: string) => [...new Set([...message.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();

describe.each(LANGUAGES)('the documents’ catalogue in %s', (language) => {
  const [, catalogue] = documentCatalogues().find(([l]) => l === language)!;

  it('has every key English has, and no other', () => {
    expect(missingDocumentKeys(language)).toEqual([]);
    for (const section of Object.keys(en) as DocumentSection[])
      expect(Object.keys(catalogue[section]).sort()).toEqual(Object.keys(en[section]).sort());
  });

  it('every message parses as ICU, takes English’s arguments and formats in the language’s script', () => {
    const broken = (Object.keys(en) as DocumentSection[]).flatMap((section) =>
      Object.keys(en[section]).flatMap((key) => {
        const message = documentMessage(language, section, key as keyof DocumentCatalogue[typeof section]);
        const english = (en[section] as Record<string, string>)[key]!;
        try {
          const text = formatIcu(message, language, samplesOf(english));
          const ok =
            argumentsOf(message).join() === argumentsOf(english).join() &&
            !/[{}]/.test(text) &&
            argumentsOf(english).every((name) => text.includes(`«${name}»`) || text.includes('3')) &&
            // A message of words is in the language's script (not one of figures and codes: '{amount} + GST {gst}%').
            (SCRIPTS[language].test(text) || !/[A-Za-z]{4}/.test(english.replace(/\{[^{}]*\}/g, '')));
          return ok ? [] : [`${section}.${key}: ${text}`];
        } catch (error) {
          return [`${section}.${key}: ${String(error)}`];
        }
      }),
    );
    expect(broken).toEqual([]);
  });

  it('the statement, the agreement and the SMS are in the language', () => {
    const t = kfsLabels(language);
    expect(t.title).toMatch(SCRIPTS[language]);
    expect(t.months(12)).toContain('12');
    expect(t.plusGst('₹300.00', 18)).toContain('₹300.00');
    expect(agreementLabels(language).sanctionText('Sahyog', 'LAKSHMI DEVI')).toMatch(/Sahyog.*LAKSHMI DEVI|LAKSHMI DEVI.*Sahyog/s);
    expect(defaultAgreementClauses(language)).toHaveLength(8);
    for (const clause of defaultAgreementClauses(language)) expect(clause).toMatch(SCRIPTS[language]);
    const sms = smsText(language, 'kfsOtp', { code: '123456', kfsNumber: 'KFS-SAH1-01', lender: 'Sahyog' });
    expect(sms).toContain('123456');
    expect(sms).toContain('KFS-SAH1-01');
    expect(sms).toMatch(SCRIPTS[language]);
  });
});

describe('plurals and numbers by the language’s rules', () => {
  it('English says 1 month and 12 months; the cooling-off 1 day and 3 days', () => {
    expect(kfsLabels('en').months(1)).toBe('1 month');
    expect(kfsLabels('en').months(12)).toBe('12 months');
    expect(kfsLabels('en').coolingOff(1)).toMatch(/^1 day from disbursement/);
    expect(kfsLabels('en').coolingOff(3)).toMatch(/^3 days from disbursement/);
  });

  it('numbers stay in Latin digits beside the ₹ figures, whatever the language (Marathi and Bengali have their own)', () => {
    expect(documentText('mr', 'kfs', 'months', { n: 12 })).toContain('12');
    expect(documentText('bn', 'kfs', 'months', { n: 12 })).toContain('12');
  });
});
