import * as z from 'zod/mini';
import { kfsAcknowledgeSchema, kfsAcknowledgementSchema, kfsResendSchema, kfsSendSchema, kfsSentSchema } from '../offer/kfs-consent';
import {
  breInputsQuerySchema,
  breRequestSchema,
  confirmRejectionSchema,
  emiStartDateRequestSchema,
  loanOfferUpdateSchema,
} from '../offer/loan-offer.schema';
import { LOAN_OFFER_PATHS as P } from './loan-offer.paths';
import { routeTable } from './route';

// The offer and the engine's inputs are big views of the domain's types (LoanOfferView,
// BreInputsView): open objects, so that no field the offer screen reads is dropped.
const offerView = z.looseObject({ decision: z.string(), key_facts: z.nullable(z.looseObject({})), updated_info: z.looseObject({}) });
const breInputsView = z.object({
  inputs: z.nullable(z.looseObject({})),
  missing: z.array(z.string()),
  offer: z.nullable(offerView),
  offer_current: z.boolean(),
});

const emiStartDateAnswer = z.object({ emi_start_date: z.string() });
export type EmiStartDateAnswer = z.infer<typeof emiStartDateAnswer>;

/**
 * The loan offer (spec 02 §7, DECISIONS.md "Business rules engine and loan offer") with the Key
 * Fact Statement's acknowledgement and PDF (its answer is its bytes, the server's own). Online
 * only: not in the domain's index.
 */
export const LOAN_OFFER_ROUTES = routeTable({
  inputs: { ...P.inputs, query: breInputsQuerySchema, answer: breInputsView },
  compute: { ...P.compute, body: breRequestSchema, answer: offerView },
  update: { ...P.update, body: loanOfferUpdateSchema, answer: offerView },
  confirmRejection: { ...P.confirmRejection, body: confirmRejectionSchema, answer: offerView },
  kfsSend: { ...P.kfsSend, body: kfsSendSchema, answer: kfsSentSchema },
  kfsResend: { ...P.kfsResend, body: kfsResendSchema, answer: kfsSentSchema },
  kfsAcknowledge: { ...P.kfsAcknowledge, body: kfsAcknowledgeSchema, answer: kfsAcknowledgementSchema },
  kfsPdf: { ...P.kfsPdf, query: breInputsQuerySchema },
  emiStartDate: { ...P.emiStartDate, body: emiStartDateRequestSchema, answer: emiStartDateAnswer },
});
