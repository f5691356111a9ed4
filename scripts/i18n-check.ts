import { appTexts } from './app-texts';
import { checkLanguage, sourceFiles, unusedKeys, UNUSED_ALLOWED } from './i18n-catalogue';
import { FILE_LANGUAGES, languageFiles } from './icu-messages';

/**
 * For a translator or a reviewer (`npm run i18n:check`): per language, the keys missing and extra,
 * the messages that do not parse, name other arguments than English or lack a plural category,
 * and the keys no source uses. Exits 1 when a language has something missing or wrong.
 */
const texts = await appTexts();
const english = new Map(texts.map((text) => [text.key, text.en]));
const hindi = Object.fromEntries(texts.filter((text) => text.hi !== undefined).map((text) => [text.key, text.hi!]));
let failing = 0;
for (const [language, table] of [
  ['en', Object.fromEntries(english)] as const,
  ['hi', hindi] as const,
  ...FILE_LANGUAGES.map((language) => [language, languageFiles(language).app] as const),
]) {
  const report = checkLanguage(language, english, table);
  console.log(
    `${language}: ${report.keys} of ${english.size} keys; missing ${report.missing.length}, extra ${report.extra.length}, problems ${report.problems.length}`,
  );
  for (const key of report.missing) console.log(`  missing: ${key}`);
  for (const key of report.extra) console.log(`  extra: ${key}`);
  for (const { key, problem } of report.problems) console.log(`  ${key}: ${problem}`);
  failing += report.missing.length + report.extra.length + report.problems.length;
}
const allowed = new Set(UNUSED_ALLOWED);
const unused = unusedKeys(english, sourceFiles());
const newlyUnused = unused.filter((key) => !allowed.has(key));
console.log(
  `unused by the source: ${unused.length} (${unused.length - newlyUnused.length} on the allow-list, scripts/i18n-unused-allowed.json)`,
);
for (const key of unused) console.log(`  unused${allowed.has(key) ? ' (allowed)' : ''}: ${key}`);
process.exit(failing + newlyUnused.length ? 1 : 0);
