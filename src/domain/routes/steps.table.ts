import { fieldVerificationAnswerSchema, stepAnswerSchema } from '../records/application-view';
import { bankAccountChangeSchema, bankAccountSchema } from '../steps/bank-account.schema';
import { businessDetailsSchema } from '../steps/business-details.schema';
import { businessCpvSchema, residenceCpvSchema } from '../steps/cpv.schema';
import { employmentInfoSchema } from '../steps/employment-info.schema';
import { referenceListSchema } from '../steps/reference.schema';
import { routeTable } from './route';
import { applicationParams } from './route-params';

const MFI = '/api/v1/app/mfi';
const step = (method: 'POST' | 'PATCH', path: string) => ({ method, path: `${MFI}/:id/${path}`, params: applicationParams }) as const;

/**
 * The steps after the borrower's (docs/application-api.md, spec 02 §3 and §7), each the domain's
 * form: the business (POST the first call, PATCH the branch manager's), the employment, the bank
 * account (and its change), the field verifications and the references.
 */
export const STEP_ROUTES = routeTable({
  business: { ...step('POST', 'business-detail'), body: businessDetailsSchema, answer: stepAnswerSchema },
  businessSecond: { ...step('PATCH', 'business-detail'), body: businessDetailsSchema, answer: stepAnswerSchema },
  employment: { ...step('POST', 'employment-info'), body: employmentInfoSchema, answer: stepAnswerSchema },
  bankAccount: { ...step('POST', 'bank-account'), body: bankAccountSchema, answer: stepAnswerSchema },
  bankAccountSecond: { ...step('PATCH', 'bank-account'), body: bankAccountSchema, answer: stepAnswerSchema },
  bankAccountChange: { ...step('POST', 'bank-account/change'), body: bankAccountChangeSchema, answer: stepAnswerSchema },
  businessCpv: { ...step('POST', 'business-cpv-info'), body: businessCpvSchema, answer: fieldVerificationAnswerSchema },
  residenceCpv: { ...step('POST', 'residence-cpv-info'), body: residenceCpvSchema, answer: fieldVerificationAnswerSchema },
  references: { ...step('PATCH', 'reference'), body: referenceListSchema, answer: fieldVerificationAnswerSchema },
});
