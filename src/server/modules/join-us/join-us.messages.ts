import { MSG } from '../../../domain';

import { byEnglish, said } from '../../kernels/messages';

/** The answers of the join-us routes; tracking shows `message` as it comes (spec 01 §2), translated by the app's catalogue (joinUs.answer.*). */
export const JOIN_US_MSG = {
  received: said('joinUs.received'),
  underVerification: said('joinUs.underVerification'),
  approved: said('joinUs.approved'),
  rejected: said('joinUs.rejected'),
  pending: said('joinUs.pending'),
  noRequestForMobile: said('joinUs.noRequestForMobile'),
  requestNotFound: said('joinUs.requestNotFound'),
  userExists: said('joinUs.userExists'),
  sameFile: said('joinUs.sameFile'),
  // What is missing is the spec's English (MSG.missingPan...), said by its code where a catalogue has it.
  fileNotFound: (missing: string) => said('joinUs.fileNotFound', { what: byEnglish(missing) }),
  fileUsed: (missing: string) => said('joinUs.fileUsed', { what: byEnglish(missing) }),
  /** Also the track's refusal (track.routes.ts). */
  tooManyFromAddress: (n: number) => said('joinUs.tooManyFromAddress', { n }),
  tooManyForMobile: (n: number) => said('joinUs.tooManyForMobile', { n }),
} as const;

/** The document fields of a request, in form order, with the spec's "missing" message of each. */
export const JOIN_US_DOCUMENTS = [
  { field: 'pan', missing: MSG.missingPan },
  { field: 'aadhaar_front', missing: MSG.missingAadhaarFront },
  { field: 'aadhaar_back', missing: MSG.missingAadhaarBack },
  { field: 'cancelled_cheque', missing: MSG.missingCancelledCheque },
  { field: 'gst', missing: 'Missing GST document' },
] as const;

export type JoinUsDocumentField = (typeof JOIN_US_DOCUMENTS)[number]['field'];
