import type { Route } from './route';

/**
 * The paths of the bank account's check and the statements' reads, without their schemas
 * (banking.table.ts adds them): the bank and business screens' clients fill these and take their
 * answer types from the table, so the precached app loads no schema the server validates.
 */
export const BANKING_PATHS = {
  verifyAccount: { method: 'POST', path: '/verification/v1/perfios/kyc/verify-bank-acc-v3' },
  identity: { method: 'POST', path: '/banking/v1/identity' },
  statementInfo: { method: 'POST', path: '/api/v1/banking/bank-statement-info' },
} as const satisfies Record<string, Route>;
