/**
 * The spec's exact messages. Schemas in the domain carry these strings; the app's catalogue
 * translates them (its English entries are these same strings).
 */
export const MSG = {
  invalidMobileNumber: 'Invalid mobile number',
  invalidMobile: 'Invalid mobile',
  invalidOtp: 'Invalid OTP',
  invalidOtpTryAgain: 'Invalid OTP. Please try again.',
  failedVerifyOtp: 'Failed to verify OTP. Please try again.',
  somethingWentWrong: 'Something went wrong!',
  unparsableResponse: 'Something went wrong while processing the response.',
  errorFetchingProfile: 'Error fetching profile',
  invalidRole: 'Invalid role',
  invalidPincode: 'Invalid pincode',
  invalidFirstName: 'Invalid first name',
  invalidLastName: 'Invalid last name',
  invalidEmail: 'Invalid email',
  invalidCity: 'Invalid city',
  invalidState: 'Invalid state',
  invalidAddress: 'Invalid address',
  invalidBankName: 'Invalid bank name',
  invalidAccountNumber: 'Invalid account number',
  invalidIfsc: 'Invalid IFSC',
  missingPan: 'Missing PAN',
  missingAadhaarFront: 'Missing aadhaar front',
  missingAadhaarBack: 'Missing aadhaar back',
  missingCancelledCheque: 'Missing cancelled cheque',
  /** ours: a document over its reading budget (time, memory, pages or decoded size), 422 */
  documentTooComplex: 'This PDF is damaged or too complex to read',
  /** ours: the tenant already has as many documents waiting as it may, 429 */
  documentsBusy: 'Too many documents are being read: try again in a minute',
  /** ours: an image whose header claims more pixels than IMAGE_MAX_MEGAPIXELS, 422 */
  imageTooManyPixels: 'The image is larger than 40 megapixels: choose a smaller photo',
} as const;
export type DomainMessage = (typeof MSG)[keyof typeof MSG];
