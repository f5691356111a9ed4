import type { DocumentPool } from '../../documents/document-pool';
import type { StatementReader } from '../../documents/readers/statement-reader';

/**
 * The banking sandbox (DECISIONS.md): it really reads the PDF (sandbox-statement-read.ts), in the
 * document pool (its budgets and per-tenant limit), by the layout of the fixture statements the
 * project ships (tests/fixtures/statements, docs/sandbox-fixtures.md). A real provider (a
 * statement analysis service) would implement the same type.
 */
export function createSandboxStatementReader(documents: Pick<DocumentPool, 'readStatement'>): StatementReader {
  return {
    read: (pdf, password, tenant) => documents.readStatement(tenant, pdf, password),
  };
}
