// A guest's paid call may be refused for its address or its tenant: those messages in the person's language load with it.
import '../i18n/guest-quota.text';
import { BANKING_PATHS, pathOf, type AnswerOf, type BANKING_ROUTES, type Envelope } from '../../domain';
import { bankingApi, mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** The statements as the server read them (docs/application-api.md "Business and bank"). */
export type StatementIdentityAnswer = AnswerOf<typeof BANKING_ROUTES.identity>;
export type StatementRead = StatementIdentityAnswer['results'][number];
/** The CAM's signed link and the workbook's file name (`CAM-<borrower>-<bank>-<DD-MM-YYYY>.xlsx`), with its figures. */
export type CamAnswer = AnswerOf<typeof BANKING_ROUTES.statementInfo>;

/** `POST /banking/v1/identity` (needs connection): the statements of one bank read on the server. */
export const readStatementIdentity = (input: {
  bank_name: string;
  files: { file_id: string; password?: string }[];
  application_id: string;
}): Promise<Envelope<StatementIdentityAnswer>> => requestEnvelope(bankingApi.post(pathOf(BANKING_PATHS.identity), input));

/** `POST /api/v1/banking/bank-statement-info` (needs connection): the CAM workbook of one statement. */
export const requestCam = (input: {
  bank_name: string;
  password?: string;
  file_id: string;
  mfi_app_id: string;
}): Promise<Envelope<CamAnswer>> => requestEnvelope(mainApi.post(pathOf(BANKING_PATHS.statementInfo), input));
