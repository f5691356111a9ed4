import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appTexts } from './app-texts';
import { checkLanguage, foldPlural, PLURAL_FOLDS } from './i18n-catalogue';
import { FILE_LANGUAGES, LOCALES_DIR } from './icu-messages';

/**
 * Imports the translators' files into the catalogues a translator edits in the repo:
 *   <from>/<lang>/app.json (+ late-keys.json's "app"), <from>/<lang>/code-labels.json
 *   -> src/app/i18n/locales/<lang>/app.json, code-labels.json
 * Only the app's keys, in the order of its English texts; the old plural pairs (`xOne`, `x`) folded
 * into one ICU plural. Prints what is missing, extra or wrong per language.
 * Usage: npx tsx scripts/import-translations.ts [--from /work/translations] [mr bn ta te]
 */

const args = process.argv.slice(2);
const fromAt = args.indexOf('--from');
const from = fromAt >= 0 ? args[fromAt + 1]! : '/work/translations';
const languages = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--from');

type Json = { [key: string]: string | Json };
const flat = (json: Json, prefix = ''): [string, string][] =>
  Object.entries(json).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flat(value, `${prefix}${key}.`),
  );
const read = (path: string): Json => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Json) : {});

const english = new Map((await appTexts()).map((text) => [text.key, text.en]));

for (const language of languages.length ? languages : FILE_LANGUAGES) {
  const dir = join(from, language);
  if (!existsSync(join(dir, 'app.json'))) {
    console.log(`${language}: no ${join(dir, 'app.json')} yet`);
    continue;
  }
  const late = read(join(dir, 'late-keys.json'));
  const table: Record<string, string> = Object.fromEntries([
    ...flat(read(join(dir, 'app.json'))),
    ...flat((late.app as Json | undefined) ?? {}),
  ]);
  for (const [key, [one, other]] of Object.entries(PLURAL_FOLDS)) {
    if (table[one] === undefined || table[other] === undefined) continue;
    const folded = foldPlural(table[one], table[other]);
    delete table[one];
    delete table[other];
    table[key] = folded;
  }
  const app = Object.fromEntries([...english.keys()].filter((key) => table[key] !== undefined).map((key) => [key, table[key]!]));
  const codeLabels = Object.fromEntries(flat(read(join(dir, 'code-labels.json'))));
  mkdirSync(join(LOCALES_DIR, language), { recursive: true });
  writeFileSync(join(LOCALES_DIR, language, 'app.json'), JSON.stringify(app, null, 2) + '\n');
  writeFileSync(join(LOCALES_DIR, language, 'code-labels.json'), JSON.stringify(codeLabels, null, 2) + '\n');
  const report = checkLanguage(language, english, app);
  const dropped = Object.keys(table).filter((key) => !english.has(key));
  console.log(
    `${language}: ${report.keys} of ${english.size} app keys, ${Object.keys(codeLabels).length} code labels; ` +
      `missing ${report.missing.length}, not the app's (left out) ${dropped.length}, messages with a problem ${report.problems.length}`,
  );
  for (const key of report.missing) console.log(`  missing: ${key}`);
  for (const key of dropped) console.log(`  left out: ${key}`);
  for (const { key, problem } of report.problems) console.log(`  ${key}: ${problem}`);
}
