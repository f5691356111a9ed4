/**
 * A catalogue message's ICU text: plain text as it is, a compiled message's from its function
 * (the unit tests' build keeps it there: vitest.config.ts, scripts/icu-messages.ts).
 */
export function sourceOf(message: unknown): string {
  if (typeof message === 'string') return message;
  const source = (message as { source?: unknown } | undefined)?.source;
  if (typeof source !== 'string') throw new Error('a compiled message without its source: is vitest.config.ts compiling withSource?');
  return source;
}

/** A table of messages as their ICU texts. */
export const sourcesOf = (table: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([key, message]) => [key, sourceOf(message)]));
