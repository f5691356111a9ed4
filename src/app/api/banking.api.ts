// A guest's paid call may be refused for its address or its tenant: those messages in the person's language load with it.
import '../i18n/guest-quota.text';
import type { Envelope, StatementIdentity } from '../../domain';
import { bankingApi, mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** One statement as the server read it (docs/application-api.md "Business and bank"). */
export type StatementRead = {
  file_id: string;
  identity_data: StatementIdentity;
  period?: unknown;
  transactions?: number;
  name_match?: { is_match: boolean } | null;
};
export type StatementIdentityAnswer = { bank_name: string; results: StatementRead[] };
/** The CAM's signed link and the workbook's file name (`CAM-<borrower>-<bank>-<DD-MM-YYYY>.xlsx`). */
export type CamAnswer = { download_url?: string; file_id?: string; file_name?: string } & Record<string, unknown>;

/** `POST /banking/v1/identity` (needs connection): the statements of one bank read on the server. */
export const readStatementIdentity = (input: {
  bank_name: string;
  files: { file_id: string; password?: string }[];
  application_id: string;
}): Promise<Envelope<StatementIdentityAnswer>> => requestEnvelope(bankingApi.post('/v1/identity', input));

/** `POST /api/v1/banking/bank-statement-info` (needs connection): the CAM workbook of one statement. */
export const requestCam = (input: {
  bank_name: string;
  password?: string;
  file_id: string;
  mfi_app_id: string;
}): Promise<Envelope<CamAnswer>> => requestEnvelope(mainApi.post('/v1/banking/bank-statement-info', input));
