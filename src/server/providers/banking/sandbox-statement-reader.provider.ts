import { parseFixtureStatement } from './fixture-statement-layout';
import { readPdfText } from './pdf-text';
import type { StatementReader } from './statement-reader';

/**
 * The banking sandbox (DECISIONS.md): it really reads the PDF. Text through pdf.js (with the
 * password), then identity and transactions by the layout of the fixture statements the project
 * ships (tests/fixtures/statements, README "Sandbox fixtures"). A real provider (a statement
 * analysis service) would implement the same type.
 */
export function createSandboxStatementReader(): StatementReader {
  return {
    async read(pdf, password) {
      const text = await readPdfText(pdf, password);
      if (!text.ok) return text;
      return parseFixtureStatement(text.pages);
    },
  };
}
