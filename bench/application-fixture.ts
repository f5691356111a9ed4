// A verified borrower application built through the real API (validation OTP, Aadhaar OTP, PAN
// and voter checks, the borrower step, four uploaded files): the template the submit benchmark
// clones into thousands of rows.
import { ageFromDob, calendarDateOf } from '../src/domain';

type Answer = { status: number; body: { success: boolean; data: Record<string, unknown>; message?: string } };

export function apiClient(baseURL: string, token: string) {
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
  async function ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const answer = await call(method, path, body);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.body.message}`);
    return answer.body.data;
  }
  async function upload(fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, name: string, type: string): Promise<string> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([bytes], { type }), name);
    const res = await fetch(`${baseURL}/api/v1/apply-loan/upload-file`, { method: 'POST', headers: { token }, body: form });
    const answer = (await res.json()) as Answer['body'];
    if (!answer.success) throw new Error(`upload: ${answer.message}`);
    return answer.data.file_id as string;
  }
  async function latestOtp(mobile: string): Promise<string> {
    const sms = (await (await fetch(`${baseURL}/api/dev/sms?mobile=${mobile}`)).json()) as { data: { otp: string }[] };
    return sms.data[0]!.otp;
  }
  return { call, ok, upload, latestOtp };
}

export const JPEG_BYTES: Uint8Array<ArrayBuffer> = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(2000).fill(1), 0xff, 0xd9]);

export const LAKSHMI = {
  phone: '9876543210',
  aadhaar: '234567890124',
  title: 'Smt.',
  name: 'LAKSHMI DEVI',
  email: 'lakshmi@example.in',
  gender: 'FEMALE',
  marital_status: 'Married',
  dob: '12-04-1985',
  pan: 'BDVPD4821K',
  voter_id: 'XKD1234566',
  pincode: '560001',
  city: 'Bengaluru',
  district: 'Bangalore',
  state: 'Karnataka',
  address: '12 Market Road, Shivajinagar',
  landmark: 'Near the bus stand',
  address_ownership_type: 'SELF_OWNED',
  years_of_residence: 8,
  house_type: 'Pakka',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100000,
  tenure_requested: 12,
  emi_requested: 9500,
  purpose: 'expansion of existing business',
  terms_accepted: true,
};

/** Creates LAKSHMI DEVI's application with every check done and the borrower step submitted. */
export async function createVerifiedApplication(baseURL: string, token: string): Promise<{ applicationId: string; fileIds: string[] }> {
  const api = apiClient(baseURL, token);
  const sent = await api.ok('POST', '/api/v1/validation/mobile/otp/send', { mobile: LAKSHMI.phone });
  const verified = await api.ok('POST', '/api/v1/validation/mobile/otp/verify', {
    session_id: sent.session_id,
    otp: await api.latestOtp(LAKSHMI.phone),
    purpose: 'APPLY_LOAN_MFI',
  });
  const applicationId = verified.application_id as string;
  const aadhaar = await api.ok('POST', '/verification/v1/request_aadhaar_otp', { aadhaar: LAKSHMI.aadhaar, application_id: applicationId });
  await api.ok('POST', '/verification/v1/submit_aadhaar_otp', {
    ref_id: aadhaar.ref_id,
    origin: 'GL',
    application_id: applicationId,
    otp: await api.latestOtp(LAKSHMI.phone),
  });
  for (const pan of [LAKSHMI.pan, 'CRYPY5532L'])
    await api.ok('POST', '/verification/v1/verify_pan_lite', { pan, application_id: applicationId });
  for (const voter_id of [LAKSHMI.voter_id, 'XKD2345676'])
    await api.ok('POST', '/verification/v1/perfios/kyc/verify-voter-id', { voter_id, reference: 'BENCH', application_id: applicationId });
  await api.ok('PUT', `/api/v1/app/mfi/${applicationId}`, { ...LAKSHMI, age: ageToday('1985-04-12') });
  const fileIds: string[] = [];
  for (const file_type of ['BORROWER_PHOTO', 'PAN', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'VOTER_ID']) {
    fileIds.push(
      await api.upload(
        { application_id: applicationId, file_type, upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'borrower' },
        JPEG_BYTES,
        `${file_type}.jpg`,
        'image/jpeg',
      ),
    );
  }
  return { applicationId, fileIds };
}

/** The age the server checks: full years on today's date in India. */
const ageToday = (isoDob: string): number => ageFromDob(isoDob, calendarDateOf(new Date()))!;
