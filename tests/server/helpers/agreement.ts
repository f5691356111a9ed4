import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { coApplicants } from '../../../src/server/db/schema';
import { readPdfText } from '../../../src/server/documents/readers/pdf-text';
import { BASE, patchApplication } from '../applications-fixtures';
import { call, get, post, type CallOptions } from './http';
import { acknowledgeStatement, offerInPd2 } from './kfs';
import type { TestContext } from './test-app';

export const CO_BORROWER_MOBILE = '9876500011';
export const GUARANTOR_MOBILE = '9876500022';
export const PDFSIG = '/usr/bin/pdfsig';
export const hasPdfsig = existsSync(PDFSIG);

export const agreementUrl = (id: string, tail = '') => `${BASE}/${id}/agreement${tail}`;

/** Accept Offer on the terms stored now. */
const acceptOffer = (ctx: TestContext, id: string, bcm: string, offer: Record<string, any>) =>
  call(
    ctx.app,
    'PATCH',
    '/api/v1/bureau/bre',
    {
      application_id: id,
      updated_info: {
        final_suggested_loan_amount: offer.final_suggested_loan_amount,
        risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
        disbursement_date: offer.disbursement_date,
      },
      is_accepted: true,
    },
    { token: bcm },
  );

const coApplicant = (id: string, type: string, status: string, name: string, mobile: string) => ({
  tenant_id: 'sahyog',
  id: randomBytes(16).toString('hex'),
  application_id: id,
  type,
  status,
  data: { name, phone: mobile },
  created_by: 1,
  created_at: new Date(),
  updated_at: new Date(),
});

/**
 * LAKSHMI DEVI's application approved: the statement acknowledged in `language`, the offer
 * accepted, the final submit made; with an active co-borrower (RAMESH KUMAR) and, when asked, an
 * active guarantor and a rejected one (who does not sign).
 */
export async function approvedApplication(ctx: TestContext, language: 'en' | 'hi' = 'en', guarantor = false) {
  const { id, bcm, officer } = await offerInPd2(ctx);
  const ack = await acknowledgeStatement(ctx.app, bcm, id, language);
  const offer = (await get(ctx.app, `/api/v1/bureau/bre?application_id=${id}`, { token: bcm })).body.data.offer;
  const accepted = await acceptOffer(ctx, id, bcm, offer);
  expect(accepted.status, accepted.body.message).toBe(200);
  const approved = await patchApplication(ctx.app, id, { status: 'APPROVED' }, { token: bcm });
  expect(approved.status, approved.body.message).toBe(200);
  const people = [coApplicant(id, 'CO_BORROWER', 'ACTIVE', 'RAMESH KUMAR', CO_BORROWER_MOBILE)];
  if (guarantor)
    people.push(
      coApplicant(id, 'GUARANTOR', 'REJECTED', 'MOHAN LAL', '9876500033'),
      coApplicant(id, 'GUARANTOR', 'ACTIVE', 'SUNITA YADAV', GUARANTOR_MOBILE),
    );
  await ctx.db.insert(coApplicants).values(people);
  return { id, bcm, officer, ack, offer: accepted.body.data };
}

export const makeAgreement = (ctx: TestContext, id: string, token: string, options: CallOptions = {}) =>
  post(ctx.app, agreementUrl(id), undefined, { token, ...options });
export const startEsign = (ctx: TestContext, id: string, token: string, signerId: string, options: CallOptions = {}) =>
  post(ctx.app, agreementUrl(id, '/esign'), { signer_id: signerId }, { token, ...options });
export const verifyEsign = (ctx: TestContext, id: string, token: string, sessionId: string, otp: string, options: CallOptions = {}) =>
  post(ctx.app, agreementUrl(id, '/esign/verify'), { session_id: sessionId, otp }, { token, ...options });

export async function agreementPdf(ctx: TestContext, id: string, token: string): Promise<Buffer> {
  const res = await ctx.app.inject({ method: 'GET', url: agreementUrl(id, '/pdf'), headers: { host: 'localhost:8080', token } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

export async function pdfText(pdf: Buffer): Promise<string> {
  const pages = await readPdfText(new Uint8Array(pdf), null);
  expect(pages.ok).toBe(true);
  return pages.ok
    ? pages.pages
        .flat()
        .map((line) => line.map((r) => r.text).join(' '))
        .join('\n')
    : '';
}

/** pdfsig's report of a PDF's signatures. */
export async function pdfsig(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agreement-'));
  try {
    const file = join(dir, 'agreement.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)(PDFSIG, [file]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
