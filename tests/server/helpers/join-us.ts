import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { get, hostOf, post, type CallOptions } from './http';
import { JPEG, multipart, PDF, PNG } from './multipart';

export const APPLICANT = '9876543210';

export type UploadOptions = { tenant?: string; remoteAddress?: string; fileType?: string; bytes?: Buffer };

/** A public join-us upload; the raw answer. */
export async function uploadJoinUs(app: FastifyInstance, options: UploadOptions = {}) {
  const { payload, headers } = multipart({ file_type: options.fileType ?? 'PAN' }, [
    { field: 'file', filename: 'doc.png', bytes: options.bytes ?? PNG, type: 'image/png' },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/join-us/upload-file',
    payload,
    headers: { ...headers, host: hostOf(options.tenant) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Uploads one file and answers its id. */
export async function uploadedFileId(app: FastifyInstance, options: UploadOptions = {}): Promise<string> {
  const res = await uploadJoinUs(app, options);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.file_id as string;
}

export type Documents = { pan: string; aadhaar_front: string; aadhaar_back: string; cancelled_cheque: string };

/** The four required documents, each a distinct upload (PNG, JPEG, JPEG and PDF). */
export async function uploadDocuments(app: FastifyInstance, options: UploadOptions = {}): Promise<Documents> {
  return {
    pan: await uploadedFileId(app, { ...options, fileType: 'PAN', bytes: PNG }),
    aadhaar_front: await uploadedFileId(app, { ...options, fileType: 'AADHAAR_FRONT', bytes: JPEG }),
    aadhaar_back: await uploadedFileId(app, { ...options, fileType: 'AADHAAR_BACK', bytes: Buffer.concat([JPEG, Buffer.from('back')]) }),
    cancelled_cheque: await uploadedFileId(app, { ...options, fileType: 'CANCELLED_CHEQUE', bytes: PDF }),
  };
}

/** A valid registration body around the given uploads. */
export function registration(documents: Documents, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Asha',
    last_name: 'Verma',
    mobile: APPLICANT,
    business_name: 'Verma Kirana Store',
    gst_number: '',
    email: 'asha.verma@example.com',
    pincode: '411001',
    city: 'Pune',
    state: 'Maharashtra',
    address: '12 Market Road, Shivaji Nagar',
    bank_name: 'State Bank of India',
    account_number: '123456789012',
    ifsc: 'SBIN0001234',
    ...documents,
    ...overrides,
  };
}

export const submitRegistration = (app: FastifyInstance, body: unknown, options?: CallOptions) =>
  post(app, '/api/v1/join-us/request', body, options);

export const trackRegistration = (app: FastifyInstance, trackerId: string, options?: CallOptions) =>
  get(app, `/api/v1/join-us/track?tracker_id=${encodeURIComponent(trackerId)}`, options);

/** Uploads the documents and registers `mobile`; answers the documents. */
export async function register(app: FastifyInstance, mobile = APPLICANT, options: CallOptions = {}): Promise<Documents> {
  const documents = await uploadDocuments(app, { tenant: options.tenant, remoteAddress: options.remoteAddress });
  const res = await submitRegistration(app, registration(documents, { mobile }), options);
  expect(res.status, res.body.message).toBe(200);
  return documents;
}
