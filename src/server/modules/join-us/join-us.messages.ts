import { MSG } from '../../../domain';

import { english } from '../../kernels/messages';

/** Also the track's refusal (track.routes.ts). */
export const TOO_MANY_FROM_NETWORK =
  '{n, plural, one {Too many requests from this network. Please try again after # minute.} other {Too many requests from this network. Please try again after # minutes.}}';

/** The answers of the join-us routes; tracking shows `message` as it comes (spec 01 §2), translated by the app's catalogue (joinUs.answer.*). */
export const JOIN_US_MSG = {
  received: 'We have received your details and will verify them soon.',
  underVerification: 'Your details are being verified.',
  approved: 'Your request has been approved. You can now sign in with your mobile number.',
  rejected: 'Your request was not approved.',
  pending: 'A request for this mobile number is already being processed.',
  noRequestForMobile: 'No request was found for this mobile number.',
  requestNotFound: 'Request not found',
  userExists: 'A user with this mobile number already exists, so the request cannot be approved.',
  sameFile: 'Upload a separate file for each document.',
  fileNotFound: (missing: string) => `${missing}: the upload was not found. Please upload it again.`,
  fileUsed: (missing: string) => `${missing}: this upload belongs to another request. Please upload it again.`,
  tooManyFromAddress: (n: number) => english(TOO_MANY_FROM_NETWORK, { n }),
  tooManyForMobile: (n: number) =>
    english(
      '{n, plural, one {Too many requests for this mobile number. Please try again after # minute.} other {Too many requests for this mobile number. Please try again after # minutes.}}',
      { n },
    ),
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
