import bn from './documents/bn.json';
import en from './documents/en.json';
import hi from './documents/hi.json';
import mr from './documents/mr.json';
import ta from './documents/ta.json';
import te from './documents/te.json';
import { formatIcu } from './icu';
import { LANGUAGES, type Language } from './languages';

/**
 * The borrower's documents in each language (issue 37): the Key Fact Statement's labels, the
 * sanction letter's and agreement's labels and standard clauses, and the SMS texts, as ICU
 * messages in one JSON file per language (src/domain/messages/documents/<language>.json, the file a
 * translator edits; English is the source). A key a language lacks is said in English, and
 * tests/unit/domain/document-text.test.ts fails on it.
 */
export type DocumentCatalogue = typeof en;
export type DocumentSection = keyof DocumentCatalogue;
type PartialCatalogue = { [S in DocumentSection]: Partial<Record<keyof DocumentCatalogue[S], string>> };

const CATALOGUES: Readonly<Record<Language, PartialCatalogue>> = { en, hi, mr, bn, ta, te };

/** A document message as its language's catalogue writes it (ICU), English where it has none. */
export function documentMessage<S extends DocumentSection>(language: Language, section: S, key: keyof DocumentCatalogue[S]): string {
  const own = CATALOGUES[language][section][key] as string | undefined;
  return own ?? (en[section][key] as string);
}

/** A document message formatted in its language with its values. */
export const documentText = <S extends DocumentSection>(
  language: Language,
  section: S,
  key: keyof DocumentCatalogue[S],
  values?: Record<string, string | number>,
): string => formatIcu(documentMessage(language, section, key), language, values);

/** An SMS to the borrower or user, in their language. */
export const smsText = (language: Language, key: keyof DocumentCatalogue['sms'], values: Record<string, string | number>) =>
  documentText(language, 'sms', key, values);

/** The keys a language's catalogue lacks, as section.key (the catalogue test lists them). */
export const missingDocumentKeys = (language: Language): string[] =>
  (Object.keys(en) as DocumentSection[]).flatMap((section) =>
    Object.keys(en[section])
      .filter((key) => !(key in CATALOGUES[language][section]))
      .map((key) => `${section}.${key}`),
  );

/** Every language's catalogue, raw (the catalogue test parses each message). */
export const documentCatalogues = (): readonly [Language, PartialCatalogue][] => LANGUAGES.map((l) => [l, CATALOGUES[l]]);
