import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { maskMobiles } from './mask-mobiles';

/** 12 digits alone (an Aadhaar number, spaced or not) and a PAN (ABCDE1234F). */
const AADHAAR = /(?<![0-9A-Za-z])[2-9][0-9]{3}[ -]?[0-9]{4}[ -]?[0-9]{4}(?![0-9A-Za-z])/g;
const PAN = /(?<![0-9A-Za-z])[A-Z]{5}[0-9]{4}[A-Z](?![0-9A-Za-z])/g;

/** What a span attribute may say: no query string (it may hold a mobile), no mobile, Aadhaar or PAN. */
export function scrubText(text: string): string {
  const q = text.indexOf('?');
  const withoutQuery = q >= 0 && (text.startsWith('/') || /^https?:\/\//.test(text)) ? text.slice(0, q) : text;
  return maskMobiles(withoutQuery).replace(AADHAAR, '[aadhaar]').replace(PAN, '[pan]');
}

/** Attributes holding SQL text (never its parameters): the same few hundred statements again and again. */
const SQL_ATTRIBUTES = new Set(['db.statement', 'db.query.text']);
const scrubbedSql = new Map<string, string>();

/** scrubText of a statement, kept: a 1 KB statement costs about 8 µs to scrub, on every query's span. */
function scrubSql(text: string): string {
  let clean = scrubbedSql.get(text);
  if (clean === undefined) {
    clean = scrubText(text);
    if (scrubbedSql.size >= 2000) scrubbedSql.clear();
    scrubbedSql.set(text, clean);
  }
  return clean;
}

/**
 * Runs before a span is exported (onEnding: the span is still writable): every string attribute
 * is scrubbed. The instrumentations record paths, URLs and SQL text (parameters are never
 * recorded: instrumentation-pg's enhancedDatabaseReporting stays off); bodies never.
 */
export class SpanScrubber implements SpanProcessor {
  onStart(_span: Span, _context: Context): void {}
  onEnding(span: Span): void {
    for (const [key, value] of Object.entries(span.attributes)) {
      if (typeof value === 'string') {
        const clean = SQL_ATTRIBUTES.has(key) ? scrubSql(value) : scrubText(value);
        if (clean !== value) span.setAttribute(key, clean);
      }
    }
    const name = scrubText(span.name);
    if (name !== span.name) span.updateName(name);
  }
  onEnd(_span: ReadableSpan): void {}
  forceFlush = async () => undefined;
  shutdown = async () => undefined;
}
