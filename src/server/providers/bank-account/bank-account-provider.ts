/**
 * Bank account verification (the spec's verify-bank-acc-v3, a penny-drop style check): the name
 * the bank holds for an account, or not found. `applicant_name` is the application's borrower,
 * which only the sandbox uses (it answers with the persona of the application); a real provider
 * ignores it.
 */
export type BankAccountQuery = { account_number: string; ifsc: string; applicant_name: string | null };
export type BankAccountResult = { found: true; name: string; bank_name: string | null } | { found: false };

export type BankAccountProvider = {
  verifyAccount(query: BankAccountQuery): Promise<BankAccountResult>;
};
