/**
 * The spec's exact messages for the loan-application forms (spec 02 §5), verbatim, typos
 * included ('memebers'): the app's catalogue translates them by these English strings.
 * Messages the spec does not give are marked "ours".
 */
export const APP_MSG = {
  // borrower / personal
  invalidMobileNumber: 'Invalid mobile number',
  aadhaarLength: 'Aadhaar number must be exactly 12 digits',
  aadhaarDigits: 'Aadhaar number must contain only digits',
  invalidAadhaar: 'Invalid Aadhaar number',
  invalidTitle: 'Invalid title',
  invalidName: 'Invalid name',
  invalidEmail: 'Invalid email',
  selectGender: 'Please select gender',
  selectMaritalStatus: 'Please select marital status',
  borrowerDobRange: 'DOB must be between 21 and 60 years',
  borrowerAgeRange: 'Age must be between 21 and 60 years',
  invalidPan: 'Invalid PAN',
  voterIdRequired: 'Voter ID is required',
  /** ours: the spec gives no message for a malformed EPIC. */
  invalidVoterId: 'Invalid Voter ID',
  invalidPincode: 'Invalid pincode',
  invalidCity: 'Invalid city',
  invalidDistrict: 'Invalid district',
  invalidState: 'Invalid state',
  invalidAddress: 'Invalid address',
  selectAddressOwnership: 'Please select address ownership type',
  enterYearsOfResidence: 'Please enter years of residence',
  selectHouseType: 'Please select house type',
  invalidLoanType: 'Invalid loan type',
  invalidLoanAmount: 'Invalid loan amount',
  invalidLoanTenure: 'Invalid loan tenure',
  invalidEmiRequested: 'Invalid EMI requested',
  invalidPurpose: 'Invalid purpose',
  acceptTerms: 'You must accept the Terms & Conditions',
  /** Warning only (DECISIONS.md: older cards fail the Luhn digit). */
  voterIdCheckDigitWarning: 'Voter ID check digit does not match: check the number',

  // co-applicant
  invalidType: 'Invalid type',
  selectRelationship: 'Please select relationship',
  enterMobileNumber: 'Please enter mobile number',
  invalidGuardianName: 'Invalid guardian name',
  invalidIncome: 'Invalid income',
  ageNotAcceptable: 'Age not acceptable as per provided DOB',
  invalidPanNumber: 'Invalid pan number',
  invalidPanFile: 'Invalid PAN file',
  invalidAadhaarFront: 'Invalid aadhaar front',
  invalidAadhaarBack: 'Invalid aadhaar back',
  invalidAadhaarLast4: 'Invalid aadhaar number',
  coBorrowerVoterFileRequired: 'Voter ID file is required for co-borrower',
  coBorrowerVoterIdRequired: 'Voter ID is required for co-borrower',
  addCoBorrower: 'Add Co-borrower to proceed',
  bothRequired: 'Both Co-borrower and Guarantor are required to proceed',
  hintCoBorrower: 'This loan requires a Co-borrower',
  hintBoth: 'This loan requires both a Co-borrower and a Guarantor',

  // KYC ('Borrowers Info')
  invalidKycGuardianName: "Invalid Father's/Husband's/Guardian's Name",
  selectRelation: 'Please select relation',
  invalidMotherName: "Invalid Mother's Name",
  selectCategory: 'Please select category',
  enterReligion: 'Please enter religion',
  enterMotherTongue: 'Please enter mother tongue',
  enterEducation: 'Please enter education qualification',
  enterFamilyMembers: 'Enter no of family memebers',
  enterEarningMembers: 'Please enter no of earning members',
  uploadPhoto: 'Please upload photo',
  missingPan: 'Missing PAN',
  missingAadhaarFront: 'Missing aadhaar front',
  missingAadhaarBack: 'Missing aadhaar back',
  missingVoterId: 'Missing voter id',

  // family member
  invalidFamilyDob: 'Invalid date or date of birth is required',
  enterIncome: 'Please enter income',
} as const;
export type AppMessage = (typeof APP_MSG)[keyof typeof APP_MSG];

export const loanAmountRangeMessage = (min: number, max: number) => `Loan amount must be between ${min} and ${max}`;
export const loanTenureRangeMessage = (min: number, max: number) => `Loan tenure must be between ${min} and ${max} months`;
