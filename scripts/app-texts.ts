import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The app's English and Hindi texts as written (ICU), for the translation scripts: the shell's
 * catalogues and every `<feature>.text.ts`, loaded under tsx (no build step, so each value is its
 * source text), in the order a translator reads them.
 */
const root = resolve(fileURLToPath(import.meta.url), '../..');

export type AppText = { key: string; en: string; hi: string | undefined; file: string };

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return textFiles(path);
      return path.endsWith('.text.ts') ? [path] : [];
    });
}

type Table = Readonly<Record<string, unknown>>;
const isTexts = (value: unknown): value is { en: Table; hi: Table } =>
  typeof value === 'object' && value !== null && 'en' in value && 'hi' in value;

export async function appTexts(): Promise<AppText[]> {
  const { en } = (await import(pathToFileURL(join(root, 'src/app/i18n/en.ts')).href)) as { en: Table };
  const { hi } = (await import(pathToFileURL(join(root, 'src/app/i18n/hi.ts')).href)) as { hi: Table };
  const texts: AppText[] = Object.keys(en).map((key) => ({
    key,
    en: String(en[key]),
    hi: hi[key] as string | undefined,
    file: 'src/app/i18n/en.ts',
  }));
  for (const path of textFiles(join(root, 'src/app'))) {
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    for (const value of Object.values(module).filter(isTexts))
      for (const key of Object.keys(value.en))
        texts.push({ key, en: String(value.en[key]), hi: value.hi[key] as string | undefined, file: relative(root, path) });
  }
  return texts;
}
