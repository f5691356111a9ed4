import { HINDI_MESSAGES } from './messages-hi';

/** The languages the server answers in; English is the messages as written. */
export type AnswerLanguage = 'en' | 'hi';

/**
 * The language of an `Accept-Language` header: Hindi when it prefers Hindi to English (by
 * q-value, then order), English otherwise or without one.
 */
export function answerLanguageOf(header: string | string[] | undefined): AnswerLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: AnswerLanguage; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const language = tag === 'hi' || tag.startsWith('hi-') ? 'hi' : tag === 'en' || tag.startsWith('en-') || tag === '*' ? 'en' : null;
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'en';
}

type Template = { pattern: RegExp; names: string[]; hindi: string; literal: number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalogue's entries with `{name}` parts, most literal text first (the most specific wins). */
const templates: Template[] = Object.entries(HINDI_MESSAGES)
  .filter(([english]) => /\{\w+\}/.test(english))
  .map(([english, hindi]) => {
    const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const pattern = new RegExp(
      `^${english
        .split(/\{\w+\}/)
        .map(escape)
        .join('(.+?)')}$`,
      's',
    );
    return { pattern, names, hindi, literal: english.replace(/\{\w+\}/g, '').length };
  })
  .sort((a, b) => b.literal - a.literal);

const MAX_DEPTH = 4;

/** A varying part: known as a whole, or as a list of known items ('stage X, the accepted offer'), else as it is. */
function part(value: string, depth: number): string {
  const whole = toHindi(value, depth);
  if (whole !== undefined) return whole;
  if (value.includes(', '))
    return value
      .split(', ')
      .map((item) => toHindi(item, depth) ?? item)
      .join(', ');
  return value;
}

function toHindi(text: string, depth: number): string | undefined {
  const exact = HINDI_MESSAGES[text];
  if (exact !== undefined) return exact;
  if (depth >= MAX_DEPTH) return undefined;
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, i) => [name, part(match[i + 1]!, depth + 1)]));
    return template.hindi.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  }
  return undefined;
}

/** A message in the language asked for: its Hindi when the catalogue has it, else as written. */
export const messageIn = (message: string, language: AnswerLanguage): string =>
  language === 'hi' ? (toHindi(message, 0) ?? message) : message;

/** Whether the catalogue has Hindi for a message (the catalogue test asks). */
export const hasHindi = (message: string): boolean => toHindi(message, 0) !== undefined;
