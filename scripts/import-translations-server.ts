/**
 * Brings translators' files into the server's catalogues (issue 37; docs/languages.md):
 *   npx tsx scripts/import-translations-server.ts [folder] [language…]
 * reads <folder>/<language>/server-messages.json (and late-keys.json's "server-messages", the
 * messages added after the sources were made) and documents.json (keyed as
 * server-messages-source.json and documents-source.json: the English text, `{name}` for a varying
 * part; each plural's English forms one key each) and writes src/server/messages/catalogues/<language>.json
 * (keyed by each message's code, en.json giving its English) and src/domain/messages/documents/<language>.json,
 * a plural's forms joined into one ICU plural. Folder:
 * /work/translations; languages: mr bn ta te, those present. It lists what a language lacks and
 * keeps it out (the server says it in English; the catalogue tests fail on it).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { englishForms } from '../src/server/kernels/messages';

const [folder = '/work/translations', ...asked] = process.argv.slice(2);
const languages = asked.length > 0 ? asked : ['mr', 'bn', 'ta', 'te'];
const MESSAGES = 'src/server/messages/catalogues';
const DOCUMENTS = 'src/domain/messages/documents';

type Tree = { [key: string]: string | Tree };
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Tree;
const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/** A translator's file as flat keys (a nested `{ "kind": { "BORROWER": … } }` and a dotted `"kind.BORROWER"` alike). */
function flat(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) => {
      const name = prefix ? `${prefix}.${key}` : key;
      return typeof value === 'string' ? [[name, value]] : Object.entries(flat(value, name));
    }),
  );
}

const names = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]!))].sort().join(',');

/** A key whose whole message is one plural: its argument and its cases, in the order of englishForms. */
function pluralOf(key: string): { name: string; cases: string[] } {
  const [element, ...rest] = parse(key, { ignoreTag: true });
  if (!element || rest.length > 0 || element.type !== TYPE.plural) throw new Error(`Only a whole-message plural is imported: ${key}`);
  return { name: element.value, cases: Object.keys(element.options) };
}

/** A key's translation: its one form's, or its plural forms' joined into one ICU plural (one text when they agree). */
function translationOf(key: string, given: Record<string, string>, report: string[]): string | undefined {
  const forms = englishForms(key);
  const texts = forms.map((form) => given[form]);
  if (texts.some((t) => t === undefined)) return void report.push(`missing server message: ${key}`);
  if (forms.some((form, i) => names(form) !== names(texts[i]!))) return void report.push(`placeholders differ: ${key}`);
  if (forms.length === 1 || new Set(texts).size === 1) return texts[0];
  const plural = pluralOf(key);
  return `{${plural.name}, plural, ${plural.cases.map((c, i) => `${c} {${texts[i]}}`).join(' ')}}`;
}

/**
 * Messages written after the translators' sources were made (not in their files): their
 * translations until a translator's file has them (a native speaker reviews these first).
 */
const LATER: Record<string, Record<string, string>> = {
  'language must be one of en, hi, mr, bn, ta, te': {
    mr: 'भाषा en, hi, mr, bn, ta, te पैकी एक असावी',
    bn: 'ভাষা en, hi, mr, bn, ta, te-এর মধ্যে একটি হতে হবে',
    ta: 'மொழி en, hi, mr, bn, ta, te ஆகியவற்றில் ஒன்றாக இருக்க வேண்டும்',
    te: 'భాష en, hi, mr, bn, ta, te లో ఒకటి అయి ఉండాలి',
  },
};

let lacking = 0;
for (const language of languages) {
  const dir = join(folder, language);
  if (!existsSync(dir)) {
    console.log(`${language}: no folder ${dir}`);
    lacking++;
    continue;
  }
  const report: string[] = [];
  const messagesFile = join(dir, 'server-messages.json');
  if (existsSync(messagesFile)) {
    const later = Object.entries(LATER).flatMap(([key, texts]) => (texts[language] ? [[key, texts[language]] as const] : []));
    const lateFile = join(dir, 'late-keys.json');
    const late = existsSync(lateFile) ? flat((readJson(lateFile)['server-messages'] as Tree | undefined) ?? {}) : {};
    const given = { ...Object.fromEntries(later), ...late, ...flat(readJson(messagesFile)) };
    // The catalogues are keyed by code (issue 38); the translators' files by the English message (en.json's values).
    const english = readJson(join(MESSAGES, 'en.json')) as Record<string, string>;
    const out: Record<string, string> = {};
    for (const [code, key] of Object.entries(english)) {
      const text = translationOf(key, given, report);
      if (text !== undefined) out[code] = text;
    }
    writeJson(join(MESSAGES, `${language}.json`), out);
    console.log(`${language}: ${Object.keys(out).length}/${Object.keys(english).length} server messages`);
  } else report.push(`no ${messagesFile}`);

  const documentsFile = join(dir, 'documents.json');
  if (existsSync(documentsFile)) {
    const given = readJson(documentsFile);
    const english = readJson(join(DOCUMENTS, 'en.json')) as Record<string, Record<string, string>>;
    const out: Record<string, Record<string, string>> = {};
    let count = 0;
    for (const [section, messages] of Object.entries(english)) {
      const theirs = flat((given[section] as Tree | undefined) ?? {});
      out[section] = {};
      for (const [key, message] of Object.entries(messages)) {
        const text = theirs[key];
        if (text === undefined) report.push(`missing document text: ${section}.${key}`);
        else if (names(text) !== names(message)) report.push(`placeholders differ: ${section}.${key}`);
        else {
          out[section][key] = text;
          count++;
        }
      }
    }
    writeJson(join(DOCUMENTS, `${language}.json`), out);
    console.log(`${language}: ${count} document texts`);
  } else report.push(`no ${documentsFile}`);
  for (const line of report) console.log(`  ${language} ${line}`);
  lacking += report.length;
}
process.exitCode = lacking > 0 ? 1 : 0;
