import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { applications, files, users } from '../../src/server/db/schema';
import { latestOtp, login, RAVI } from './helpers/auth-flow';
import { call, post, type CallOptions } from './helpers/http';
import { T0 } from './helpers/test-app';
import { BORROWER, createApplication } from './helpers/validation';

// Shared by the applications-*.test.ts files: the sandbox personas of DECISIONS.md, the borrower
// and KYC forms, and the verification calls made through the real /verification/v1 routes.

export const BASE = '/api/v1/app/mfi';

export type Persona = { name: string; pan: string; voter: string; aadhaar: string; gender: 'MALE' | 'FEMALE'; dob: string };
export const LAKSHMI: Persona = {
  name: 'LAKSHMI DEVI',
  pan: 'BDVPD4821K',
  voter: 'XKD1234566',
  aadhaar: '234567890124',
  gender: 'FEMALE',
  dob: '12-04-1985',
};
export const VIKRAM: Persona = {
  name: 'VIKRAM JOSHI',
  pan: 'EVJPJ1287N',
  voter: 'XKD5678123',
  aadhaar: '567890123458',
  gender: 'MALE',
  dob: '15-06-1990',
};
export const SUNITA: Persona = {
  name: 'SUNITA KUMARI',
  pan: 'FSKPK2231P',
  voter: 'XKD3456787',
  aadhaar: '678901234560',
  gender: 'FEMALE',
  dob: '30-11-1988',
};

/** India's date on the test clock (T0) is 15-01-2026: ages in full years. */
const ageAtT0 = (dob: string) => {
  const [d, m, y] = dob.split('-').map(Number) as [number, number, number];
  return 2026 - y - (m > 1 || (m === 1 && d > 15) ? 1 : 0);
};

export function borrowerBody(p: Persona, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    phone: BORROWER,
    aadhaar: p.aadhaar,
    title: p.gender === 'MALE' ? 'Mr.' : 'Mrs.',
    name: p.name,
    gender: p.gender,
    marital_status: 'Married',
    dob: p.dob,
    age: ageAtT0(p.dob),
    pan: p.pan,
    voter_id: p.voter,
    pincode: '422001',
    city: 'Nashik',
    district: 'Nashik',
    state: 'Maharashtra',
    address: '14 Gandhi Nagar, Ward 3',
    address_ownership_type: 'SELF_OWNED',
    years_of_residence: 5,
    house_type: 'Pakka',
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    tenure_requested: 12,
    emi_requested: 9500,
    purpose: 'expansion of existing business',
    terms_accepted: true,
    ...overrides,
  };
}

/** A stored upload of the tenant (the KYC form names files by id). */
export async function insertFile(db: Db, tenant = 'sahyog', purpose = 'APPLY_LOAN'): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db.insert(files).values({
    tenant_id: tenant,
    id,
    storage_name: randomBytes(16).toString('hex'),
    original_name: 'photo.jpg',
    mime: 'image/jpeg',
    size: 10,
    sha256: createHash('sha256').update(id).digest('hex'),
    purpose,
    created_at: new Date(T0),
  });
  return id;
}

export async function kycBody(db: Db, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    guardian_name: 'Ramesh Devi',
    guardian_relationship: 'Husband',
    mother_name: 'Sita Devi',
    category: 'General',
    religion: 'Hindu',
    mother_tongue: 'Marathi',
    education_qualification: '10th Pass',
    no_of_family_members: 4,
    no_of_earning_members: 2,
    photo_file: await insertFile(db),
    photo_geo_tag_info: { latitude: 19.99, longitude: 73.78 },
    pan_file: await insertFile(db),
    aadhaar_front_file: await insertFile(db),
    aadhaar_back_file: await insertFile(db),
    voter_id_file: await insertFile(db),
    ...overrides,
  };
}

const V = '/verification/v1';

export async function verifyPan(app: FastifyInstance, token: string, applicationId: string, pan: string, tenant?: string) {
  const res = await post(app, `${V}/verify_pan_lite`, { pan, application_id: applicationId }, { token, tenant });
  expect(res.status, res.body.message).toBe(200);
}

export async function verifyVoter(app: FastifyInstance, token: string, applicationId: string, voter: string, tenant?: string) {
  const body = { voter_id: voter, reference: `SAH-${voter.slice(0, 4)}-1700000000`, application_id: applicationId };
  const res = await post(app, `${V}/perfios/kyc/verify-voter-id`, body, { token, tenant });
  expect(res.status, res.body.message).toBe(200);
}

export async function verifyAadhaar(
  app: FastifyInstance,
  token: string,
  applicationId: string,
  aadhaar: string,
  mobile = BORROWER,
  tenant?: string,
) {
  const sent = await post(app, `${V}/request_aadhaar_otp`, { aadhaar, application_id: applicationId }, { token, tenant });
  expect(sent.status, sent.body.message).toBe(200);
  const otp = await latestOtp(app, mobile, tenant);
  const body = { ref_id: sent.body.data.ref_id, origin: 'GL', application_id: applicationId, otp };
  const res = await post(app, `${V}/submit_aadhaar_otp`, body, { token, tenant });
  expect(res.status, res.body.message).toBe(200);
}

/** PAN and voter ID verified (the borrower step's preconditions); Aadhaar too unless told not to. */
export async function verifyIdentity(app: FastifyInstance, token: string, applicationId: string, p: Persona, { aadhaar = true } = {}) {
  await verifyPan(app, token, applicationId, p.pan);
  await verifyVoter(app, token, applicationId, p.voter);
  if (aadhaar) await verifyAadhaar(app, token, applicationId, p.aadhaar);
}

/** RAVI signed in, with a new application for the borrower's verified mobile. */
export async function officerWithApplication(app: FastifyInstance, mobile = BORROWER) {
  const token = await login(app, RAVI);
  const id = await createApplication(app, token, mobile);
  return { token, id };
}

export const putBorrower = (app: FastifyInstance, id: string, body: unknown, options: CallOptions = {}) =>
  call(app, 'PUT', `${BASE}/${id}`, body, options);
export const patchApplication = (app: FastifyInstance, id: string, body: unknown, options: CallOptions = {}) =>
  call(app, 'PATCH', `${BASE}/${id}`, body, options);
export const patchKyc = (app: FastifyInstance, id: string, body: unknown, options: CallOptions = {}) =>
  call(app, 'PATCH', `${BASE}/${id}/basic-info`, body, options);

/** An application with the borrower step done for a persona (identity verified, PUT accepted). */
export async function withBorrowerStep(app: FastifyInstance, p: Persona, extra: Record<string, unknown> = {}) {
  const { token, id } = await officerWithApplication(app);
  await verifyIdentity(app, token, id, p);
  const res = await putBorrower(app, id, borrowerBody(p, extra), { token });
  expect(res.status, res.body.message).toBe(200);
  return { token, id, view: res.body.data };
}

export async function rowOf(db: Db, id: string, tenant = 'sahyog') {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
  return row!;
}

/** A second relationship officer of the tenant, signed in: another officer's application is 404 to them. */
export async function otherOfficer(app: FastifyInstance, db: Db, tenant = 'sahyog'): Promise<string> {
  await db
    .insert(users)
    .values({ tenant_id: tenant, mobile: '9000000011', first_name: 'Other', role: 'MFI_EMPLOYEE', mfi_employee: 'RELATIONSHIP_OFFICER' });
  return login(app, '9000000011', tenant === 'sahyog' ? undefined : tenant);
}
