export type Vars = Record<string, string | number>;

/**
 * A message as the catalogues hold it: plain text, or an ICU message compiled at build time
 * (scripts/icu-messages.ts) into a function of its arguments that calls messageformat's runtime
 * (plurals, and numbers and dates through Intl in the language's locale). TypeScript sees the source text.
 */
type Message = string | ((vars: Vars) => string);

/** A catalogue's message with its arguments filled. */
export const formatMessage = (message: Message, vars?: Vars): string => (typeof message === 'string' ? message : message(vars ?? {}));
