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
  selectRelationToBorrower: 'Please select the relation to the borrower',
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

  // employment / personal discussion
  selectCompanyAddressType: 'Please select company address type',
  missingSalarySlip1: 'Missing salary slip 1',
  missingSalarySlip2: 'Missing salary slip 2',
  missingSalarySlip3: 'Missing salary slip 3',
  /** ours: amounts and experience are whole numbers of 0 or more. */
  invalidSalary: 'Invalid monthly in-hand salary',
  invalidExperience: 'Invalid work experience',
  invalidWebsite: 'Invalid website link',

  // business details
  invalidBusinessName: 'Invalid business name',
  invalidBusinessType: 'Invalid business type',
  selectCategoryOfBusiness: 'Please select category of business',
  selectSectorOfBusiness: 'Please select sector of business',
  /** ours: sector 'Others' reveals an input. */
  enterSectorOfBusiness: 'Please enter sector of business',
  invalidBusinessCity: 'Invalid City',
  selectBusinessAddressType: 'Please select business address type',
  yearsInBusinessRequired: 'Years in business required',
  invalidBankNameBusiness: 'Invalid Bank Name',
  missingBankStatement: 'Missing bank statement',
  bankSelectionRequired: 'Bank selection is required',
  selectBusinessProofType: 'Please select business proof type',
  selectBusinessProof: 'Please select business proof',
  selectOwnershipProofOf: 'Please select ownership proof of',
  /** ours: the GSTIN check of DECISIONS.md. */
  invalidGstNumber: 'Invalid GST number',
  /** ours: a warning, never a block (DECISIONS.md: flagged). */
  gstPanMismatchWarning: "The PAN in this GST number is not the borrower's PAN",
  /** ours: DECISIONS.md's Udyam pattern. */
  invalidUdyam: 'Invalid Udyam registration number',
  invalidCreditLimit: 'Invalid credit limit',
  selectBusinessOwnershipProof: 'Please select business ownership proof',
  uploadBusinessOwnershipProof: 'Please upload business ownership proof',
  selectResidenceOwnershipProof: 'Please select residence ownership proof',
  uploadResidenceOwnershipProof: 'Please upload residence ownership proof',
  uploadRentAgreement: 'Please upload rent agreement',
  /** ours: the third bank's block needs the second's. */
  addSecondBankFirst: 'Add the second bank before the third',
  bankCodeNotFound: 'Bank code not found',

  // bank account
  invalidAccountHolderName: 'Invalid account holder name',
  enterAccountNumber: 'Please enter account number',
  invalidAccountNumber: 'Invalid account number',
  /** ours */
  confirmAccountNumber: 'Please confirm account number',
  /** ours: the brief's confirm-equals-account rule. */
  accountNumbersDiffer: 'Account numbers do not match',
  invalidAccountType: 'Invalid account type. Please select a valid account type',
  /** ours */
  enterIfsc: 'Please enter IFSC code',
  invalidIfsc: 'Invalid IFSC',
  /** ours */
  selectBankName: 'Please select bank name',
  uploadBankProof: 'Please upload bank proof',
} as const;
export type AppMessage = (typeof APP_MSG)[keyof typeof APP_MSG];

/** An amount as the screens show it, with Indian grouping: ₹1,00,000 (issue 21 D20: a message never says 100000). */
export const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

export const loanAmountRangeMessage = (min: number, max: number) => `Loan amount must be between ${rupees(min)} and ${rupees(max)}`;
export const loanTenureRangeMessage = (min: number, max: number) => `Loan tenure must be between ${min} and ${max} months`;
