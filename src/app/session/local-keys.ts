/**
 * Spec 01 §3 "Locally kept drafts": the keys kept in the browser's local storage. Values are
 * the spec's names in snake_case. The next issue moves the drafts to IndexedDB; keep callers
 * on the functions of `session.storage.ts`, never on these strings.
 */
export const SESSION_KEYS = {
  /** The session token and the profile: here only until the PIN seals them (sealed-session.ts). */
  token: 'token',
  profile: 'profile',
  /** The session's send-only credential (issue 31 S3): delivers sealed outbox items, reads nothing. */
  sendToken: 'send_token',
  /** '1' while the session is kept sealed under the PIN: signed in, its token unreadable until the unlock. */
  sessionSealed: 'session_sealed',
  guestToken: 'guest_token',
  formDetails: 'form_details',
  rejectionReasons: 'rejection_reasons',
  borrowerFormData: 'borrower_form_data',
  kycFormData: 'kyc_form_data',
  familyFormData: 'family_form_data',
  bankAccountFormData: 'bank_account_form_data',
  businessFormData: 'business_form_data',
  cpvFormData: 'cpv_form_data',
  draftFormData: 'draft_form_data',
  coApplicantDetails: 'co_applicant_details',
  step: 'step',
  trackerId: 'tracker_id',
  applicationId: 'application_id',
} as const;

/** Keys a clear-all keeps (spec 01 §3): everything else of SESSION_KEYS is removed. */
export const KEPT_BY_CLEAR_ALL: readonly string[] = [
  SESSION_KEYS.token,
  SESSION_KEYS.profile,
  SESSION_KEYS.sendToken,
  SESSION_KEYS.sessionSealed,
];

/** Device preferences and caches of the shell: not part of the spec's session, never cleared by clear-all. */
export const DEVICE_KEYS = {
  language: 'lang',
  tenantConfig: 'tenant_config',
  applicationCount: 'application_count',
  /** The signed-out partner registration form (texts and uploaded file ids); removed after it is sent. */
  joinUsDraft: 'join_us_draft',
  /** This installation's random id, sent with a login (session/device-id.ts). */
  deviceId: 'device_id',
  /** After a remote wipe: how many queued items were sent first and how many were lost, for the login screen (device-wipe.store.ts). */
  deviceWipe: 'device_wipe',
} as const;
