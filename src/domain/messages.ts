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
} as const;
export type DomainMessage = (typeof MSG)[keyof typeof MSG];
