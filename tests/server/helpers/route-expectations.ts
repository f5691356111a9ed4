import { BUSINESS_FIGURES, RESIDENCE_FIGURES } from '../../../src/domain';
import type { World } from './route-world';
import { MultipartBody, STATES, type State } from './route-world';
import { BORROWER } from './validation';

// The expected callers of every route and a request that reaches it (route-access.test.ts), and
// the base requests the input fuzz test (input-fuzz.test.ts) mutates.

/**
 * Who may call a route:
 * - public: anyone;
 * - signed-in: any live session of the Host's tenant;
 * - valid-role: an AGENT or a designation of DECISIONS.md (not an unknown one);
 * - staff: a designation that takes part in applications (not an AGENT);
 * - creator: the relationship officers;
 * - app-read / app-edit: one application's own officer and the tenant's reviewers;
 * - app-review: the reviewers only;
 * - app-create: the application's own officer only (reviewers 403);
 * - app-officer-bcm: the first create/update call of the business and bank steps: the own officer
 *   and the branch credit managers (a branch manager 403);
 * - app-bm: their separate call: the branch managers only (the officer and a branch credit manager 403);
 * - app-bcm: the branch credit managers only (the loan offer's edit and acceptance; the officer and a branch manager 403);
 * - branch-manager: the tenant's branch managers; partner-request, one partner request of theirs;
 * - managers: the tenant's branch managers and branch credit managers (the insights dashboard);
 * - partner-file: a partner's document, branch managers only.
 * Routes that name an object of the sahyog tenant tell every outsider (another tenant, another
 * officer) it does not exist: 404. For the app-* rules, what the callers let through get in each
 * state of the application is STATE_EXPECTATIONS below.
 */
export type Rule =
  | 'public'
  | 'signed-in'
  | 'valid-role'
  | 'staff'
  | 'creator'
  | 'app-read'
  | 'app-edit'
  | 'app-review'
  | 'app-create'
  | 'app-officer-bcm'
  | 'app-bm'
  | 'app-bcm'
  | 'branch-manager'
  | 'managers'
  | 'partner-request'
  | 'partner-file'
  /** Only a guest token of the public flow (no staff caller: 403). */
  | 'guest-only'
  /** Only the revoked session of a device marked lost, in its delivery window (device-lost.test.ts): every live session 403. */
  | 'lost-device';
export type Expectation = { rule: Rule; call: (w: World) => { url: string; body?: unknown } };

const API = '/api/v1/app/mfi';
const V = '/verification/v1';
const coBody = { type: 'GUARANTOR', name: 'Mohan Lal', phone: '9876543219', pan: 'DMLPL6643M', gender: 'MALE' };
export const businessBody = (w: World) => ({
  business_name: 'Lakshmi General Store',
  business_type: 'Sole Proprietorship',
  sector_of_business: 'Trading',
  category_of_business: 'Kirana and general store',
  business_pincode: '422001',
  business_district: 'Nashik',
  business_city: 'Nashik',
  business_state: 'Maharashtra',
  business_address: '14 Gandhi Nagar, Ward 3',
  business_address_ownership_type: 'SELF_OWNED',
  years_in_business: 6,
  bank_name: 'State Bank of India',
  statement_bank_id: 1,
  bank_statement: [w.file],
  bank_statement_pwd: '',
  bank_account_type: 'SAVINGS',
  gst_no: '29BDVPD4821K1Z2',
  business_proof_type: 'GST registration certificate',
  upload_business_proof: w.file,
  ownership_proof_type: 'BUSINESS',
  business_ownership_proof: 'land revenue receipt',
  business_ownership_proof_file: w.file,
});
const employmentBody = (w: World) => ({
  company_name: 'Infosys',
  company_pincode: '422001',
  company_address_type: 'Business',
  salary_slip1: w.file,
  salary_slip2: w.file,
  salary_slip3: w.file,
});
const bankBody = (w: World) => ({
  account_holder_name: 'Lakshmi Devi',
  account_number: '30012345678',
  confirm_account_number: '30012345678',
  account_type: 'savings',
  ifsc_code: 'SBIN0001234',
  bank_name: 'State Bank of India',
  bank_proof: w.file,
});
const businessCpvBody = (w: World) => ({
  phone: '9876501234',
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  shop_photo_file: w.file,
  shop_photo_file_geo_tag: { latitude: 19.99, longitude: 73.79 },
  shop_selfie_photo_file: w.file,
  shop_selfie_photo_file_geo_tag: { latitude: 19.99, longitude: 73.79 },
  qr_code_upload: w.file,
  ...Object.fromEntries(Object.keys(BUSINESS_FIGURES).map((f) => [f, 1000])),
  gross_margin_percentage: 20,
  online_sales_percentage: 10,
  remarks: 'Shop verified',
});
const residenceCpvBody = (w: World) => ({
  phone: '9876501234',
  verification_type: 'RESIDENCE_VERIFICATION',
  house_selfie_photo_file: w.file,
  house_selfie_photo_file_geo_tag: { latitude: 19.99, longitude: 73.79 },
  ...Object.fromEntries(Object.keys(RESIDENCE_FIGURES).map((f) => [f, 1000])),
});
const familyBody = { name: 'Sita Devi', relationship: 'Mother', gender: 'FEMALE', dob: '01-01-1960', age: 66 };

export const EXPECTATIONS: Record<string, Expectation> = {
  'GET /api/health': { rule: 'public', call: () => ({ url: '/api/health' }) },
  'GET /api/health/ready': { rule: 'public', call: () => ({ url: '/api/health/ready' }) },
  // Its own bearer token (METRICS_TOKEN), not a user's: without one configured it answers 404.
  'GET /metrics': { rule: 'public', call: () => ({ url: '/metrics' }) },
  'GET /api/public/tenant/hostname/:hostname/config': {
    rule: 'public',
    call: () => ({ url: '/api/public/tenant/hostname/sahyog/config' }),
  },
  'GET /api/public/tenant/hostname/:hostname/logo': { rule: 'public', call: () => ({ url: '/api/public/tenant/hostname/sahyog/logo' }) },
  'GET /manifest.webmanifest': { rule: 'public', call: () => ({ url: '/manifest.webmanifest' }) },
  'POST /api/v1/auth/send-otp': { rule: 'public', call: () => ({ url: '/api/v1/auth/send-otp', body: { mobile: '9000000003' } }) },
  'POST /api/v1/auth/resend-otp': {
    rule: 'public',
    call: () => ({ url: '/api/v1/auth/resend-otp', body: { session_id: 'a'.repeat(32) } }),
  },
  'POST /api/v1/auth/verify-otp': {
    rule: 'public',
    call: () => ({ url: '/api/v1/auth/verify-otp', body: { session_id: 'a'.repeat(32), otp: '123456' } }),
  },
  'GET /api/v1/pincode/get-city-state': { rule: 'public', call: () => ({ url: '/api/v1/pincode/get-city-state?pincode=422001' }) },
  'GET /api/v1/pincode/directory': { rule: 'public', call: () => ({ url: '/api/v1/pincode/directory' }) },
  'GET /api/v1/bank/list': { rule: 'public', call: () => ({ url: '/api/v1/bank/list' }) },
  'GET /api/v1/mfi/business-category': { rule: 'public', call: () => ({ url: '/api/v1/mfi/business-category' }) },
  'POST /api/v1/join-us/upload-file': {
    rule: 'public',
    call: () => ({ url: '/api/v1/join-us/upload-file', body: new MultipartBody('file', { file_type: 'PAN' }) }),
  },
  'POST /api/v1/join-us/request': { rule: 'public', call: () => ({ url: '/api/v1/join-us/request', body: { mobile: '9876500000' } }) },
  'GET /api/v1/join-us/track': { rule: 'public', call: () => ({ url: '/api/v1/join-us/track?tracker_id=9876543210' }) },
  'GET /api/v1/files/:id': { rule: 'public', call: (w) => ({ url: `/api/v1/files/${w.file}?expires=1&sig=x` }) },
  'GET /api/dev/sms': { rule: 'public', call: () => ({ url: '/api/dev/sms?mobile=9000000001' }) },
  'GET /*': { rule: 'public', call: () => ({ url: '/index.html' }) },
  'GET /api/docs/openapi.json': { rule: 'public', call: () => ({ url: '/api/docs/openapi.json' }) },
  'GET /api/docs': { rule: 'public', call: () => ({ url: '/api/docs' }) },
  'GET /api/docs/': { rule: 'public', call: () => ({ url: '/api/docs/' }) },
  'GET /api/docs/json': { rule: 'public', call: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { rule: 'public', call: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': { rule: 'public', call: () => ({ url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': { rule: 'public', call: () => ({ url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/static/*': { rule: 'public', call: () => ({ url: '/api/docs/static/swagger-ui.css' }) },

  'GET /api/v1/user/me': { rule: 'signed-in', call: () => ({ url: '/api/v1/user/me' }) },
  'PUT /api/v1/user/logout': { rule: 'signed-in', call: () => ({ url: '/api/v1/user/logout' }) },
  'POST /api/v1/user/send-token': { rule: 'signed-in', call: () => ({ url: '/api/v1/user/send-token' }) },
  'POST /api/v1/user/device-wiped': { rule: 'lost-device', call: () => ({ url: '/api/v1/user/device-wiped', body: { unsent: 0 } }) },

  'GET /api/v1/app/mfi/count': { rule: 'valid-role', call: () => ({ url: `${API}/count` }) },
  // The applications list: every designation that takes part (an officer sees only their own).
  'GET /api/v1/app/mfi': { rule: 'staff', call: () => ({ url: `${API}?size=10&page=0&queue=all&search_by=lak` }) },
  'GET /api/v1/track': { rule: 'public', call: () => ({ url: '/api/v1/track?tracker_id=SAH2601000001' }) },
  'GET /api/v1/app/mfi/phone-number/:phone': { rule: 'app-read', call: () => ({ url: `${API}/phone-number/${BORROWER}` }) },
  'POST /api/v1/validation/mobile/otp/send': {
    rule: 'creator',
    call: () => ({ url: '/api/v1/validation/mobile/otp/send', body: { mobile: '9876512345' } }),
  },
  'POST /api/v1/validation/mobile/otp/resend': {
    rule: 'creator',
    call: () => ({ url: '/api/v1/validation/mobile/otp/resend', body: { session_id: 'a'.repeat(32) } }),
  },
  'POST /api/v1/validation/mobile/otp/verify': {
    rule: 'creator',
    call: () => ({ url: '/api/v1/validation/mobile/otp/verify', body: { session_id: 'a'.repeat(32), otp: '123456' } }),
  },
  // The public applicant flow (apply-loan.routes.ts): its OTP, the borrower's submit, the branch's list and take-over.
  'POST /api/v1/otp/send': { rule: 'public', call: () => ({ url: '/api/v1/otp/send', body: { mobile: '9876512345' } }) },
  'POST /api/v1/otp/resend': { rule: 'public', call: () => ({ url: '/api/v1/otp/resend', body: { session_id: 'a'.repeat(32) } }) },
  'POST /api/v1/otp/verify': {
    rule: 'public',
    call: () => ({ url: '/api/v1/otp/verify', body: { session_id: 'a'.repeat(32), otp: '123456' } }),
  },
  'POST /api/v1/apply-loan/:id/submit': { rule: 'guest-only', call: (w) => ({ url: `/api/v1/apply-loan/${w.selfApp}/submit` }) },
  'GET /api/v1/app/mfi/self-applied': { rule: 'staff', call: () => ({ url: `${API}/self-applied` }) },
  'POST /api/v1/app/mfi/:id/take-over': { rule: 'creator', call: (w) => ({ url: `${API}/${w.selfApp}/take-over` }) },
  'POST /api/dev/applications': { rule: 'creator', call: () => ({ url: '/api/dev/applications' }) },

  'GET /api/v1/app/mfi/:id': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}` }) },
  'GET /api/v1/app/mfi/:id/co-applicant': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/co-applicant` }) },
  'GET /api/v1/app/mfi/co-applicant/:coId': { rule: 'app-read', call: (w) => ({ url: `${API}/co-applicant/${w.coApplicant}` }) },
  'GET /api/v1/app/mfi/:id/family-member': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/family-member` }) },
  'GET /api/v1/app/mfi/family-member/:fid': { rule: 'app-read', call: (w) => ({ url: `${API}/family-member/${w.family}` }) },
  'GET /api/v1/app/mfi/:id/files': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/files` }) },
  'GET /api/v1/loan-application/presigned-url': {
    rule: 'app-read',
    call: (w) => ({ url: `/api/v1/loan-application/presigned-url?file_id=${w.file}` }),
  },

  // The second-type update: the reviewers, and its officer in the states STATE_EXPECTATIONS names.
  'PATCH /api/v1/app/mfi/:id': { rule: 'app-edit', call: (w) => ({ url: `${API}/${w.app}`, body: { remarks: 'checked' } }) },
  'PATCH /api/v1/app/mfi/:id/basic-info': {
    rule: 'app-edit',
    call: (w) => ({ url: `${API}/${w.app}/basic-info`, body: { mother_name: 'Sita Devi' } }),
  },
  'PATCH /api/v1/app/mfi/co-applicant/:coId': {
    rule: 'app-edit',
    call: (w) => ({ url: `${API}/co-applicant/${w.coApplicant}`, body: coBody }),
  },
  'PATCH /api/v1/app/mfi/family-member/:fid': {
    rule: 'app-edit',
    call: (w) => ({ url: `${API}/family-member/${w.family}`, body: familyBody }),
  },
  'POST /api/v1/apply-loan/upload-file': {
    rule: 'app-edit',
    call: (w) => ({
      url: '/api/v1/apply-loan/upload-file',
      body: new MultipartBody('file', { application_id: w.app, file_type: 'PHOTO' }),
    }),
  },
  'POST /api/v1/apply-loan/bulk-upload': {
    rule: 'app-edit',
    call: (w) => ({
      url: '/api/v1/apply-loan/bulk-upload',
      body: new MultipartBody('files', { application_id: w.app, file_type: 'BANK_STATEMENT' }),
    }),
  },
  'POST /verification/v1/request_aadhaar_otp': {
    rule: 'app-edit',
    call: (w) => ({ url: `${V}/request_aadhaar_otp`, body: { aadhaar: '234567890124', application_id: w.app } }),
  },
  'POST /verification/v1/submit_aadhaar_otp': {
    rule: 'app-edit',
    call: (w) => ({ url: `${V}/submit_aadhaar_otp`, body: { ref_id: 'a'.repeat(32), origin: 'GL', otp: '123456', application_id: w.app } }),
  },
  'POST /verification/v1/verify_pan_lite': {
    rule: 'app-edit',
    call: (w) => ({ url: `${V}/verify_pan_lite`, body: { pan: 'BDVPD4821K', application_id: w.app } }),
  },
  'POST /verification/v1/perfios/kyc/verify-voter-id': {
    rule: 'app-edit',
    call: (w) => ({ url: `${V}/perfios/kyc/verify-voter-id`, body: { voter_id: 'XKD1234566', reference: 'r', application_id: w.app } }),
  },
  'POST /api/v1/app/mfi/:id/employment-info': {
    rule: 'app-edit',
    call: (w) => ({ url: `${API}/${w.app}/employment-info`, body: employmentBody(w) }),
  },
  'POST /verification/v1/perfios/kyc/verify-bank-acc-v3': {
    rule: 'app-edit',
    call: (w) => ({
      url: `${V}/perfios/kyc/verify-bank-acc-v3`,
      body: { account_number: '30012345678', ifsc: 'SBIN0001234', phone: '9876543210', reference: 'r', application_id: w.app },
    }),
  },
  'POST /banking/v1/identity': {
    rule: 'app-edit',
    call: (w) => ({
      url: '/banking/v1/identity',
      body: { bank_name: 'State Bank of India', files: [{ file_id: w.file, password: '' }], application_id: w.app },
    }),
  },
  'POST /api/v1/banking/bank-statement-info': {
    rule: 'app-edit',
    call: (w) => ({
      url: '/api/v1/banking/bank-statement-info',
      body: { bank_name: 'SBIN', password: '', file_id: w.file, mfi_app_id: w.app },
    }),
  },
  'POST /verification/v1/name_matcher': {
    rule: 'app-edit',
    call: (w) => ({
      url: `${V}/name_matcher`,
      body: {
        application_id: w.app,
        values: [
          { value: 'A B', source: 'INPUT' },
          { value: 'A B', source: 'PAN' },
        ],
      },
    }),
  },

  'PUT /api/v1/app/mfi/:id': { rule: 'app-create', call: (w) => ({ url: `${API}/${w.app}`, body: { name: 'LAKSHMI DEVI' } }) },
  'POST /api/v1/app/mfi/:id/co-applicant': { rule: 'app-create', call: (w) => ({ url: `${API}/${w.app}/co-applicant`, body: coBody }) },
  'POST /api/v1/app/mfi/:id/co-applicant/replace': {
    rule: 'app-create',
    call: (w) => ({ url: `${API}/${w.app}/co-applicant/replace`, body: { ...coBody, id_to_replace: w.coApplicant } }),
  },
  'POST /api/v1/app/mfi/:id/co-applicant/:coId/hardcheck': {
    rule: 'app-create',
    call: (w) => ({ url: `${API}/${w.app}/co-applicant/${w.coApplicant}/hardcheck` }),
  },
  // The officer's resubmission after a PD1 review (the world's application is a DRAFT: 409 to them).
  'POST /api/v1/app/mfi/:id/resubmit': {
    rule: 'app-create',
    call: (w) => ({ url: `${API}/${w.app}/resubmit`, body: { remarks: 'Shop photo added' } }),
  },
  'POST /api/v1/app/mfi/:id/family-member': {
    rule: 'app-create',
    call: (w) => ({ url: `${API}/${w.app}/family-member`, body: familyBody }),
  },

  'POST /api/v1/app/mfi/:id/business-detail': {
    rule: 'app-officer-bcm',
    call: (w) => ({ url: `${API}/${w.app}/business-detail`, body: businessBody(w) }),
  },
  'POST /api/v1/app/mfi/:id/bank-account': {
    rule: 'app-officer-bcm',
    call: (w) => ({ url: `${API}/${w.app}/bank-account`, body: bankBody(w) }),
  },
  'PATCH /api/v1/app/mfi/:id/business-detail': {
    rule: 'app-bm',
    call: (w) => ({ url: `${API}/${w.app}/business-detail`, body: businessBody(w) }),
  },
  'PATCH /api/v1/app/mfi/:id/bank-account': { rule: 'app-bm', call: (w) => ({ url: `${API}/${w.app}/bank-account`, body: bankBody(w) }) },
  'POST /api/v1/app/mfi/:id/bank-account/change': {
    rule: 'app-edit',
    call: (w) => ({ url: `${API}/${w.app}/bank-account/change`, body: { account_number: '30012345678', ifsc_code: 'SBIN0001234' } }),
  },
  // A deviation decision: branch managers only (the world's application has none: 409 to them).
  // The payout (issue 34): the maker is the credit manager, the checker a branch manager.
  'GET /api/v1/app/mfi/:id/disbursement': { rule: 'app-review', call: (w) => ({ url: `${API}/${w.app}/disbursement` }) },
  'POST /api/v1/app/mfi/:id/disbursement': {
    rule: 'app-bcm',
    call: (w) => ({ url: `${API}/${w.app}/disbursement`, body: { disbursement_date: '2026-01-15' } }),
  },
  'POST /api/v1/app/mfi/:id/disbursement/approve': { rule: 'app-bm', call: (w) => ({ url: `${API}/${w.app}/disbursement/approve` }) },
  'GET /api/v1/app/mfi/:id/cooling-off-exit': { rule: 'app-review', call: (w) => ({ url: `${API}/${w.app}/cooling-off-exit` }) },
  'POST /api/v1/app/mfi/:id/cooling-off-exit': {
    rule: 'app-bcm',
    call: (w) => ({ url: `${API}/${w.app}/cooling-off-exit`, body: { amount_received: 1000, receipt_reference: 'RCPT-1' } }),
  },
  'PATCH /api/v1/app/mfi/:id/deviation': {
    rule: 'app-bm',
    call: (w) => ({
      url: `${API}/${w.app}/deviation`,
      body: { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'Name checked at the bank' },
    }),
  },
  // Field verification and references: the reviewers (the world's application is a DRAFT, so they get 409).
  'POST /api/v1/app/mfi/:id/business-cpv-info': {
    rule: 'app-review',
    call: (w) => ({ url: `${API}/${w.app}/business-cpv-info`, body: businessCpvBody(w) }),
  },
  'POST /api/v1/app/mfi/:id/residence-cpv-info': {
    rule: 'app-review',
    call: (w) => ({ url: `${API}/${w.app}/residence-cpv-info`, body: residenceCpvBody(w) }),
  },
  'PATCH /api/v1/app/mfi/:id/reference': {
    rule: 'app-review',
    call: (w) => ({
      url: `${API}/${w.app}/reference`,
      body: {
        reference_list: [
          { id: 'c'.repeat(32), type: 'PERSONAL_REFERENCE', name: 'Sita Ram', phone: '9876543210', address: '14 Gandhi Nagar' },
        ],
      },
    }),
  },

  // The loan agreement and its e-sign (issue 33): made by the credit manager, signed through the
  // credit manager or the application's officer, read by whoever reads the application.
  'GET /api/v1/app/mfi/:id/agreement': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/agreement` }) },
  'GET /api/v1/app/mfi/:id/agreement/pdf': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/agreement/pdf` }) },
  'POST /api/v1/app/mfi/:id/agreement': { rule: 'app-bcm', call: (w) => ({ url: `${API}/${w.app}/agreement` }) },
  'POST /api/v1/app/mfi/:id/agreement/esign': {
    rule: 'app-officer-bcm',
    call: (w) => ({ url: `${API}/${w.app}/agreement/esign`, body: { signer_id: 'd'.repeat(32) } }),
  },
  'POST /api/v1/app/mfi/:id/agreement/esign/verify': {
    rule: 'app-officer-bcm',
    call: (w) => ({ url: `${API}/${w.app}/agreement/esign/verify`, body: { session_id: 'a'.repeat(32), otp: '123456' } }),
  },

  'GET /api/v1/bureau/bre': {
    rule: 'app-review',
    call: (w) => ({ url: `/api/v1/bureau/bre?application_id=${w.app}` }),
  },
  'POST /api/v1/bureau/bre/confirm-rejection': {
    rule: 'app-bcm',
    call: (w) => ({ url: '/api/v1/bureau/bre/confirm-rejection', body: { application_id: w.app } }),
  },
  'GET /api/v1/bureau/bre/kfs/pdf': {
    rule: 'app-review',
    call: (w) => ({ url: `/api/v1/bureau/bre/kfs/pdf?application_id=${w.app}` }),
  },
  'POST /api/v1/bureau/bre/kfs/send': {
    rule: 'app-bcm',
    call: (w) => ({
      url: '/api/v1/bureau/bre/kfs/send',
      body: { application_id: w.app, kfs_number: 'KFS-SAH0000000001-01', language: 'en' },
    }),
  },
  'POST /api/v1/bureau/bre/kfs/resend': {
    rule: 'app-bcm',
    call: (w) => ({ url: '/api/v1/bureau/bre/kfs/resend', body: { application_id: w.app, session_id: 'a'.repeat(32) } }),
  },
  'POST /api/v1/bureau/bre/kfs/acknowledge': {
    rule: 'app-bcm',
    call: (w) => ({
      url: '/api/v1/bureau/bre/kfs/acknowledge',
      body: { application_id: w.app, session_id: 'a'.repeat(32), otp: '123456', latitude: 19.07, longitude: 72.87 },
    }),
  },
  'GET /api/v1/app/mfi/:id/mandate': { rule: 'app-read', call: (w) => ({ url: `${API}/${w.app}/mandate` }) },
  'POST /api/v1/app/mfi/:id/mandate': { rule: 'app-bcm', call: (w) => ({ url: `${API}/${w.app}/mandate`, body: {} }) },
  'POST /api/v1/app/mfi/:id/mandate/authorise': {
    rule: 'app-bcm',
    call: (w) => ({ url: `${API}/${w.app}/mandate/authorise`, body: { session_id: 'a'.repeat(32), otp: '123456' } }),
  },
  'POST /api/v1/bureau/bre': {
    rule: 'app-review',
    call: (w) => ({ url: '/api/v1/bureau/bre', body: { application_id: w.app, skip_cache: true } }),
  },
  'PATCH /api/v1/bureau/bre': {
    rule: 'app-bcm',
    call: (w) => ({
      url: '/api/v1/bureau/bre',
      body: {
        application_id: w.app,
        updated_info: {
          final_suggested_loan_amount: 100000,
          risk_category_and_loan_type_wise_max_tenure: 12,
          disbursement_date: '2026-01-20',
        },
        is_accepted: false,
      },
    }),
  },
  'POST /api/v1/bureau/get-emi-start-date-from-disbursement-date': {
    rule: 'staff',
    call: () => ({ url: '/api/v1/bureau/get-emi-start-date-from-disbursement-date', body: { disbursement_date_str: '2026-01-20' } }),
  },

  'GET /api/v1/join-us/requests': { rule: 'branch-manager', call: () => ({ url: '/api/v1/join-us/requests' }) },
  'GET /api/v1/users': { rule: 'branch-manager', call: () => ({ url: '/api/v1/users' }) },
  'GET /api/v1/insights': { rule: 'managers', call: () => ({ url: '/api/v1/insights?from=2026-01-01&to=2026-01-31' }) },
  'GET /api/v1/insights/export': {
    rule: 'managers',
    call: () => ({ url: '/api/v1/insights/export?from=2026-01-01&to=2026-01-31&format=csv' }),
  },
  'GET /api/v1/join-us/requests/:id': { rule: 'partner-request', call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}` }) },
  'POST /api/v1/join-us/requests/:id/verify': {
    rule: 'partner-request',
    call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}/verify` }),
  },
  'POST /api/v1/join-us/requests/:id/approve': {
    rule: 'partner-request',
    call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}/approve` }),
  },
  // A user of the sahyog tenant: another tenant's branch manager is told it does not exist (404).
  'GET /api/v1/users/:userId/devices': { rule: 'partner-request', call: (w) => ({ url: `/api/v1/users/${w.officer}/devices` }) },
  'POST /api/v1/users/:userId/devices/:device/lost': {
    rule: 'partner-request',
    call: (w) => ({ url: `/api/v1/users/${w.officer}/devices/${w.officerDevice}/lost` }),
  },
  'GET /api/v1/webhooks/endpoint': { rule: 'branch-manager', call: () => ({ url: '/api/v1/webhooks/endpoint' }) },
  'GET /api/v1/webhooks/events': { rule: 'branch-manager', call: () => ({ url: '/api/v1/webhooks/events?limit=5' }) },
  // An event of the sahyog tenant: another tenant's branch manager is told it does not exist (404).
  'POST /api/v1/webhooks/events/:id/redeliver': {
    rule: 'partner-request',
    call: (w) => ({ url: `/api/v1/webhooks/events/${w.loanEvent}/redeliver` }),
  },
  'POST /api/v1/join-us/requests/:id/reject': {
    rule: 'partner-request',
    call: (w) => ({ url: `/api/v1/join-us/requests/${w.joinUsRequest}/reject`, body: { reason: 'Documents unclear' } }),
  },
};

/** The signed link of a partner document, asked by file id like any other file. */
export const PARTNER_FILE: Expectation = {
  rule: 'partner-file',
  call: (w) => ({ url: `/api/v1/loan-application/presigned-url?file_id=${w.joinUsFile}` }),
};

/**
 * What a caller the rule lets through (the application's own officer, a branch credit manager, a
 * branch manager) gets in each state of the application, written by hand from DECISIONS.md
 * "Review workflow" and "Roles", NOT read from src/domain/policy/access-policy.ts (the rule under test):
 * - the officer changes an application only while it is DRAFT or PD1_REVIEW (the borrower step,
 *   a PUT, only while DRAFT; the resubmission only in PD1_REVIEW); after a bureau rejection the
 *   rejection page's way out (Change Loan Type, a PATCH) is theirs; a reviewer's or the BRE's
 *   rejection is final for them;
 * - "every later change is a reviewer's": a reviewer changes it until it is APPROVED or REJECTED;
 * - field verification and references while PD1_COMPLETE or PD2_REVIEW; the loan offer after PD1
 *   (PD1_COMPLETE, PD2_COMPLETE, PD2_REVIEW);
 * - reading is never closed. A refused state is 409, except where the call is not the caller's
 *   at all in that state (the officer's PATCH of a DRAFT: the borrower step is PUT, 403).
 */
export type StateAnswer = 'allowed' | 403 | 404 | 409;
export type StateExpectation = Partial<Record<'owner' | 'bcm' | 'bm', Record<State, StateAnswer>>>;

const inStates = (allowed: readonly State[], otherwise: StateAnswer = 409) =>
  Object.fromEntries(STATES.map((s) => [s, allowed.includes(s) ? 'allowed' : otherwise])) as Record<State, StateAnswer>;
const EVERY: readonly State[] = STATES;
const PD1_SIDE: readonly State[] = ['DRAFT', 'PD1_REVIEW'];
const UNTIL_FINAL: readonly State[] = ['DRAFT', 'PD1_REVIEW', 'PD1_COMPLETE', 'PD2_COMPLETE', 'PD2_REVIEW'];
const FIELD_VERIFICATION: readonly State[] = ['PD1_COMPLETE', 'PD2_REVIEW'];
const AFTER_PD1: readonly State[] = ['PD1_COMPLETE', 'PD2_COMPLETE', 'PD2_REVIEW'];

const readable: StateExpectation = { owner: inStates(EVERY), bcm: inStates(EVERY), bm: inStates(EVERY) };
const editable: StateExpectation = { owner: inStates(PD1_SIDE), bcm: inStates(UNTIL_FINAL), bm: inStates(UNTIL_FINAL) };
const officerAdds: StateExpectation = { owner: inStates(PD1_SIDE) };
const reviewers = (states: readonly State[]): StateExpectation => ({ bcm: inStates(states), bm: inStates(states) });

export const STATE_EXPECTATIONS: Record<string, StateExpectation> = {
  'GET /api/v1/app/mfi/:id': readable,
  'GET /api/v1/app/mfi/:id/co-applicant': readable,
  'GET /api/v1/app/mfi/co-applicant/:coId': readable,
  'GET /api/v1/app/mfi/:id/family-member': readable,
  'GET /api/v1/app/mfi/family-member/:fid': readable,
  'GET /api/v1/app/mfi/:id/files': readable,
  'GET /api/v1/loan-application/presigned-url': readable,
  // The lookup by the borrower's mobile resumes a DRAFT only: in any other state there is none to resume.
  'GET /api/v1/app/mfi/phone-number/:phone': {
    owner: inStates(['DRAFT'], 404),
    bcm: inStates(['DRAFT'], 404),
    bm: inStates(['DRAFT'], 404),
  },

  'PATCH /api/v1/app/mfi/:id': {
    owner: { ...inStates(['PD1_REVIEW', 'REJECTED_BY_BUREAU']), DRAFT: 403 },
    bcm: inStates(UNTIL_FINAL),
    bm: inStates(UNTIL_FINAL),
  },
  'PATCH /api/v1/app/mfi/:id/basic-info': editable,
  'PATCH /api/v1/app/mfi/co-applicant/:coId': editable,
  'PATCH /api/v1/app/mfi/family-member/:fid': editable,
  'POST /api/v1/apply-loan/upload-file': editable,
  'POST /api/v1/apply-loan/bulk-upload': editable,
  'POST /verification/v1/request_aadhaar_otp': editable,
  'POST /verification/v1/submit_aadhaar_otp': editable,
  'POST /verification/v1/verify_pan_lite': editable,
  'POST /verification/v1/perfios/kyc/verify-voter-id': editable,
  'POST /api/v1/app/mfi/:id/employment-info': editable,
  'POST /verification/v1/perfios/kyc/verify-bank-acc-v3': editable,
  'POST /banking/v1/identity': editable,
  'POST /api/v1/banking/bank-statement-info': editable,
  'POST /verification/v1/name_matcher': editable,

  'PUT /api/v1/app/mfi/:id': { owner: inStates(['DRAFT']) },
  'POST /api/v1/app/mfi/:id/co-applicant': officerAdds,
  'POST /api/v1/app/mfi/:id/co-applicant/replace': officerAdds,
  'POST /api/v1/app/mfi/:id/co-applicant/:coId/hardcheck': officerAdds,
  'POST /api/v1/app/mfi/:id/family-member': officerAdds,
  'POST /api/v1/app/mfi/:id/resubmit': { owner: inStates(['PD1_REVIEW']) },

  'POST /api/v1/app/mfi/:id/business-detail': { owner: inStates(PD1_SIDE), bcm: inStates(UNTIL_FINAL) },
  'POST /api/v1/app/mfi/:id/bank-account': { owner: inStates(PD1_SIDE), bcm: inStates(UNTIL_FINAL) },
  'PATCH /api/v1/app/mfi/:id/business-detail': { bm: inStates(UNTIL_FINAL) },
  'PATCH /api/v1/app/mfi/:id/bank-account': { bm: inStates(UNTIL_FINAL) },
  'PATCH /api/v1/app/mfi/:id/deviation': { bm: inStates(UNTIL_FINAL) },
  // The payout's routes act in DISBURSAL_READY and DISBURSED only, states the walk does not put the world in
  // (disbursement.test.ts covers them); reading is open to the reviewers in every state.
  'GET /api/v1/app/mfi/:id/disbursement': reviewers(EVERY),
  'POST /api/v1/app/mfi/:id/disbursement': { bcm: inStates([]) },
  'POST /api/v1/app/mfi/:id/disbursement/approve': { bm: inStates([]) },
  'GET /api/v1/app/mfi/:id/cooling-off-exit': reviewers(EVERY),
  'POST /api/v1/app/mfi/:id/cooling-off-exit': { bcm: inStates([]) },
  // "Change account": whoever may change the application, as for the other bank checks.
  'POST /api/v1/app/mfi/:id/bank-account/change': editable,

  'POST /api/v1/app/mfi/:id/business-cpv-info': reviewers(FIELD_VERIFICATION),
  'POST /api/v1/app/mfi/:id/residence-cpv-info': reviewers(FIELD_VERIFICATION),
  'PATCH /api/v1/app/mfi/:id/reference': reviewers(FIELD_VERIFICATION),
  // The world's application has no field verification yet, so no stored offer: computing one is the call.
  'POST /api/v1/bureau/bre': reviewers(AFTER_PD1),
  'PATCH /api/v1/bureau/bre': { bcm: inStates(AFTER_PD1) },
  // The engine's inputs and stored offer are read in any state; the engine proposes, the credit
  // manager confirms a rejection, while the offer is open (after PD1, before the final decision).
  'GET /api/v1/bureau/bre': reviewers(EVERY),
  'POST /api/v1/bureau/bre/confirm-rejection': { bcm: inStates(AFTER_PD1) },
  // The borrower's acknowledgement of the statement: the credit manager, while the offer may be edited.
  'GET /api/v1/bureau/bre/kfs/pdf': reviewers(EVERY),
  'POST /api/v1/bureau/bre/kfs/send': { bcm: inStates(AFTER_PD1) },
  'POST /api/v1/bureau/bre/kfs/resend': { bcm: inStates(AFTER_PD1) },
  'POST /api/v1/bureau/bre/kfs/acknowledge': { bcm: inStates(AFTER_PD1) },
  // The loan agreement (issue 33): read in any state; made and signed in APPROVED (the later statuses are the steps' own).
  'GET /api/v1/app/mfi/:id/agreement': readable,
  'GET /api/v1/app/mfi/:id/agreement/pdf': readable,
  'POST /api/v1/app/mfi/:id/agreement': { bcm: inStates(['APPROVED']) },
  'POST /api/v1/app/mfi/:id/agreement/esign': { owner: inStates(['APPROVED']), bcm: inStates(['APPROVED']) },
  'POST /api/v1/app/mfi/:id/agreement/esign/verify': { owner: inStates(['APPROVED']), bcm: inStates(['APPROVED']) },
  // The e-NACH mandate (issue 33): read like the application; registered by the credit manager after the approval.
  'GET /api/v1/app/mfi/:id/mandate': readable,
  'POST /api/v1/app/mfi/:id/mandate': { bcm: inStates(['APPROVED']) },
  'POST /api/v1/app/mfi/:id/mandate/authorise': { bcm: inStates(['APPROVED']) },
};

/**
 * A 409 an allowed caller may get from the world as it is, for what it holds, not for the
 * application's state: each named by its message, so a state refusal is never taken for one.
 */
export const ALLOWED_CONFLICTS: Record<string, RegExp> = {
  'GET /api/v1/app/mfi/:id/cooling-off-exit': /^The loan has not been paid out\.$/,
  'POST /api/v1/app/mfi/:id/resubmit': /^Cannot resubmit yet\. Still needed: a change since the review\.$/,
  'PATCH /api/v1/app/mfi/:id/deviation': /^This application has no deviation BANK_NAME_MISMATCH_DEVIATION\.$/,
  'POST /api/v1/bureau/bre': /^Complete the field verification first: /,
  'PATCH /api/v1/bureau/bre': /^No loan offer yet: compute the loan offer first\.$/,
  'POST /api/v1/bureau/bre/confirm-rejection': /^The business rules engine has not proposed a rejection: compute the offer first\.$/,
  'GET /api/v1/bureau/bre/kfs/pdf': /^No loan offer yet: compute the loan offer first\.$/,
  'POST /api/v1/bureau/bre/kfs/send': /^No loan offer yet: compute the loan offer first\.$/,
  'POST /api/v1/bureau/bre/kfs/resend': /^No loan offer yet: compute the loan offer first\.$/,
  'POST /api/v1/bureau/bre/kfs/acknowledge': /^No loan offer yet: compute the loan offer first\.$/,
  'GET /api/v1/app/mfi/:id/agreement/pdf': /^There is no loan agreement yet: the credit manager makes it first\.$/,
  'POST /api/v1/app/mfi/:id/agreement': /^The loan agreement needs the accepted loan offer with its acknowledged Key Fact Statement\.$/,
  'POST /api/v1/app/mfi/:id/agreement/esign': /^There is no loan agreement yet: the credit manager makes it first\.$/,
  // The world's approved application has no verified bank account and no accepted schedule.
  'POST /api/v1/app/mfi/:id/mandate': /^(The application has no verified bank account\.|The mandate needs the accepted loan offer)/,
};
