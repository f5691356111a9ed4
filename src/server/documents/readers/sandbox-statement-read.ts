import { parseFixtureStatement } from './fixture-statement-layout';
import { readPdfText } from './pdf-text';
import type { StatementReadResult } from './statement-reader';

/**
 * What the sandbox reads from a statement PDF: text through pdf.js (with the password), then
 * identity and transactions by the layout of the fixture statements. Runs in a document worker
 * (documents/document-tasks.ts), never on the API's thread.
 */
export async function readSandboxStatement(
  pdf: Uint8Array,
  password: string | null | undefined,
  maxPages: number,
): Promise<StatementReadResult> {
  const text = await readPdfText(pdf, password, maxPages);
  if (!text.ok) return text;
  return parseFixtureStatement(text.pages);
}
