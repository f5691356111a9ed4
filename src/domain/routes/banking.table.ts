import * as z from 'zod/mini';
import { bankIdentityBody, bankStatementInfoBody, verifyBankAccountBody } from '../identity/banking-api.schema';
import { BANKING_PATHS as PATHS } from './banking.paths';
import { routeTable } from './route';

const maybeText = z.nullable(z.string());
const period = z.object({ from: z.string(), to: z.string() });
/** What the statement reader found (spec 02 §7: identity_data). */
const statementIdentitySchema = z.object({
  name: z.string(),
  account_number: z.string(),
  account_type: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
});
export type StatementIdentity = z.infer<typeof statementIdentitySchema>;

/**
 * The bank account's check (on the verification API, in its envelope: `answer` is its `data`),
 * the statements' identity (the banking API) and the CAM of one statement (the main API), spec 02
 * §7. Reading a statement or checking an account is recorded on the application it is for.
 */
export const BANKING_ROUTES = routeTable({
  /** The check as recorded on the application: open, a stored check keeps the provider's own fields. */
  verifyAccount: {
    ...PATHS.verifyAccount,
    body: verifyBankAccountBody,
    answer: z.looseObject({
      status: z.literal('VERIFIED'),
      account_number: z.string(),
      ifsc: z.string(),
      name: z.string(),
      bank_name: maybeText,
    }),
  },
  /** Each statement's identity as the reader finds it, its name matched with the borrower's when the application is named. */
  identity: {
    ...PATHS.identity,
    body: bankIdentityBody,
    answer: z.object({
      bank_name: z.string(),
      results: z.array(
        z.object({
          file_id: z.string(),
          identity_data: statementIdentitySchema,
          period,
          transactions: z.number(),
          name_match: z.nullable(z.object({ is_match: z.boolean(), score: z.number(), borrower_name: maybeText })),
        }),
      ),
    }),
  },
  /** The CAM workbook's signed link and file name (`CAM-<borrower>-<bank>-<DD-MM-YYYY>.xlsx`); its figures the workbook's, open objects. */
  statementInfo: {
    ...PATHS.statementInfo,
    body: bankStatementInfoBody,
    answer: z.object({
      download_url: z.string(),
      file_id: z.string(),
      file_name: z.string(),
      bank_name: z.string(),
      statement_file_id: z.string(),
      identity_data: statementIdentitySchema,
      period,
      totals: z.looseObject({}),
      months: z.array(z.looseObject({})),
    }),
  },
});
