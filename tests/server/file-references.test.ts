import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { files } from '../../src/server/db/schema';
import { borrowerBody, kycBody, LAKSHMI, patchKyc, putBorrower, rowOf, withBorrowerStep } from './applications-fixtures';
import { login, RAVI } from './helpers/auth-flow';
import { call } from './helpers/http';
import { businessBody } from './helpers/route-expectations';
import type { World } from './helpers/route-world';
import { useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';

// One check for the files a step names (file-references.ts): an upload of another application
// of the same officer is 400 naming the field, and so is another tenant's upload; the
// application's own uploads pass. Family members checked the tenant only before. A co-applicant's
// and a family member's files are the record's own: another record's is 400 too, and so are the
// borrower's (the KYC documents, the photo of the Aadhaar check).

const ctx = useTestApp();
const API = '/api/v1/app/mfi';
const hex = () => randomBytes(16).toString('hex');

/** An application upload stored for `applicationId` in `tenant`. */
async function fileOf(applicationId: string | null, tenant = 'sahyog'): Promise<string> {
  const id = hex();
  await ctx.db.insert(files).values({
    tenant_id: tenant,
    id,
    storage_name: hex(),
    original_name: 'doc.jpg',
    mime: 'image/jpeg',
    size: 10,
    sha256: createHash('sha256').update(id).digest('hex'),
    purpose: 'APPLY_LOAN',
    application_id: applicationId,
    created_at: new Date(ctx.clock.now()),
  });
  return id;
}

async function twoApplications() {
  const token = await login(ctx.app, RAVI);
  const app = await createApplication(ctx.app, token, '9876501234');
  const other = await createApplication(ctx.app, token, '9876501235');
  const catfinToken = await login(ctx.app, RAVI, 'catfin');
  const catfinApp = await createApplication(ctx.app, catfinToken, '9876501236', 'catfin');
  return { token, app, ofOther: await fileOf(other), ofOtherTenant: await fileOf(catfinApp, 'catfin') };
}

const invalid = (field: string) => [400, `Invalid file: ${field} is not an upload of this application`];

const MEMBER = {
  name: 'Anil Kumar',
  relation_to_borrower: 'Son',
  relationship: 'Son',
  phone: '9876543212',
  pan: 'ABCPK1234D',
  guardian_name: 'Lakshmi Devi',
  guardian_relationship: 'Mother',
  pincode: '422001',
  city: 'Nashik',
  state: 'Maharashtra',
  address: '14 Gandhi Nagar, Ward 3',
  gender: 'MALE',
  dob: '12-04-2005',
  education_qualification: '10th Pass',
  income: 5000,
};

const CO_BORROWER = {
  type: 'CO_BORROWER',
  relationship: 'Spouse',
  title: 'Mr.',
  name: 'Ramesh Yadav',
  phone: '9876543211',
  guardian_name: 'Shyam Yadav',
  guardian_relationship: 'Father',
  gender: 'MALE',
  income: 25000,
  dob: '03-09-1982',
  age: 43,
  marital_status: 'Married',
  pincode: '422001',
  city: 'Nashik',
  district: 'Nashik',
  state: 'Maharashtra',
  address: '14 Gandhi Nagar, Ward 3',
  pan: 'CRYPY5532L',
  voter_id: 'XKD2345676',
};

describe('a step names only files of its own application', () => {
  it('a family member: another application’s file and another tenant’s are 400 naming the field, on add and on update; its own pass', async () => {
    const { token, app, ofOther, ofOtherTenant } = await twoApplications();
    const own = {
      pan_file: await fileOf(app),
      aadhaar_front_file: await fileOf(app),
      aadhaar_back_file: await fileOf(app),
      voter_id_file: await fileOf(app),
    };
    const body = { ...MEMBER, ...own };
    for (const foreign of [ofOther, ofOtherTenant]) {
      const res = await call(ctx.app, 'POST', `${API}/${app}/family-member`, { ...body, voter_id_file: foreign }, { token });
      expect([res.status, res.body.message]).toEqual(invalid('voter_id_file'));
    }
    const added = await call(ctx.app, 'POST', `${API}/${app}/family-member`, body, { token });
    expect(added.status, added.body.message).toBe(200);
    for (const foreign of [ofOther, ofOtherTenant]) {
      const res = await call(ctx.app, 'PATCH', `${API}/family-member/${added.body.data.id}`, { ...body, pan_file: foreign }, { token });
      expect([res.status, res.body.message]).toEqual(invalid('pan_file'));
    }
  });

  it('a co-applicant: another application’s file and another tenant’s are 400 naming the field, on add and on update; its own pass', async () => {
    const { token, app, ofOther, ofOtherTenant } = await twoApplications();
    await call(ctx.app, 'POST', '/verification/v1/verify_pan_lite', { pan: CO_BORROWER.pan, application_id: app }, { token });
    await call(
      ctx.app,
      'POST',
      '/verification/v1/perfios/kyc/verify-voter-id',
      { voter_id: CO_BORROWER.voter_id, reference: 'T', application_id: app },
      { token },
    );
    const body = {
      ...CO_BORROWER,
      pan_file: await fileOf(app),
      aadhaar_front_file: await fileOf(app),
      aadhaar_back_file: await fileOf(app),
    };
    for (const foreign of [ofOther, ofOtherTenant]) {
      const res = await call(ctx.app, 'POST', `${API}/${app}/co-applicant`, { ...body, aadhaar_back_file: foreign }, { token });
      expect([res.status, res.body.message]).toEqual(invalid('aadhaar_back_file'));
    }
    const added = await call(ctx.app, 'POST', `${API}/${app}/co-applicant`, body, { token });
    expect(added.status, added.body.message).toBe(200);
    for (const foreign of [ofOther, ofOtherTenant]) {
      const res = await call(ctx.app, 'PATCH', `${API}/co-applicant/${added.body.data.id}`, { ...body, pan_file: foreign }, { token });
      expect([res.status, res.body.message]).toEqual(invalid('pan_file'));
    }
  });

  it('the business step: another application’s file and another tenant’s are 400 naming the field; its own pass the check', async () => {
    const { token, app, ofOther, ofOtherTenant } = await twoApplications();
    const own = await fileOf(app);
    const body = businessBody({ file: own } as World);
    for (const [field, foreign] of [
      ['upload_business_proof', ofOther],
      ['upload_business_proof', ofOtherTenant],
      ['bank_statement', ofOther],
      ['bank_statement', ofOtherTenant],
    ] as const) {
      const value = field === 'bank_statement' ? [own, foreign] : foreign;
      const res = await call(ctx.app, 'POST', `${API}/${app}/business-detail`, { ...body, [field]: value }, { token });
      expect([res.status, res.body.message], `${field} ${foreign}`).toEqual(invalid(field));
    }
    const saved = await call(ctx.app, 'POST', `${API}/${app}/business-detail`, body, { token });
    expect(saved.status, saved.body.message).toBe(200);
  });

  it('a co-applicant’s and a family member’s files are their own: another record’s file of the same application is 400 naming the field', async () => {
    const { token, app } = await twoApplications();
    await call(ctx.app, 'POST', '/verification/v1/verify_pan_lite', { pan: CO_BORROWER.pan, application_id: app }, { token });
    await call(
      ctx.app,
      'POST',
      '/verification/v1/perfios/kyc/verify-voter-id',
      { voter_id: CO_BORROWER.voter_id, reference: 'T', application_id: app },
      { token },
    );
    const coFiles = { pan_file: await fileOf(app), aadhaar_front_file: await fileOf(app), aadhaar_back_file: await fileOf(app) };
    const co = await call(ctx.app, 'POST', `${API}/${app}/co-applicant`, { ...CO_BORROWER, ...coFiles }, { token });
    expect(co.status, co.body.message).toBe(200);
    const memberFiles = {
      pan_file: await fileOf(app),
      aadhaar_front_file: await fileOf(app),
      aadhaar_back_file: await fileOf(app),
      voter_id_file: await fileOf(app),
    };
    const sameRecord = (field: string) => [400, `Invalid file: ${field} is a file of another record of this application`];

    // A family member naming the co-borrower's PAN file: refused, on add and (once added) on update.
    const borrowed = await call(
      ctx.app,
      'POST',
      `${API}/${app}/family-member`,
      { ...MEMBER, ...memberFiles, pan_file: coFiles.pan_file },
      { token },
    );
    expect([borrowed.status, borrowed.body.message]).toEqual(sameRecord('pan_file'));
    const member = await call(ctx.app, 'POST', `${API}/${app}/family-member`, { ...MEMBER, ...memberFiles }, { token });
    expect(member.status, member.body.message).toBe(200);
    const patched = await call(
      ctx.app,
      'PATCH',
      `${API}/family-member/${member.body.data.id}`,
      { ...MEMBER, ...memberFiles, aadhaar_back_file: coFiles.aadhaar_back_file },
      { token },
    );
    expect([patched.status, patched.body.message]).toEqual(sameRecord('aadhaar_back_file'));
    // Its own files again pass (an update keeps them).
    const again = await call(ctx.app, 'PATCH', `${API}/family-member/${member.body.data.id}`, { ...MEMBER, ...memberFiles }, { token });
    expect(again.status, again.body.message).toBe(200);

    // The co-borrower naming the family member's file, on update; a second co-applicant on add.
    const coPatched = await call(
      ctx.app,
      'PATCH',
      `${API}/co-applicant/${co.body.data.id}`,
      { ...CO_BORROWER, ...coFiles, aadhaar_front_file: memberFiles.aadhaar_front_file },
      { token },
    );
    expect([coPatched.status, coPatched.body.message]).toEqual(sameRecord('aadhaar_front_file'));
    const second = await call(
      ctx.app,
      'POST',
      `${API}/${app}/co-applicant`,
      { ...CO_BORROWER, ...coFiles, aadhaar_front_file: await fileOf(app), aadhaar_back_file: await fileOf(app) },
      { token },
    );
    expect([second.status, second.body.message]).toEqual(sameRecord('pan_file'));
  });

  it('the borrower’s files are theirs: on the KYC submit and the borrower step, another application’s file and a co-applicant’s or family member’s file of the same application are 400 naming the field; nothing is written', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const other = await createApplication(ctx.app, token, '9876501235');
    const ofOther = await fileOf(other);
    await call(ctx.app, 'POST', '/verification/v1/verify_pan_lite', { pan: CO_BORROWER.pan, application_id: id }, { token });
    await call(
      ctx.app,
      'POST',
      '/verification/v1/perfios/kyc/verify-voter-id',
      { voter_id: CO_BORROWER.voter_id, reference: 'T', application_id: id },
      { token },
    );
    const coFiles = { pan_file: await fileOf(id), aadhaar_front_file: await fileOf(id), aadhaar_back_file: await fileOf(id) };
    const co = await call(ctx.app, 'POST', `${API}/${id}/co-applicant`, { ...CO_BORROWER, ...coFiles }, { token });
    expect(co.status, co.body.message).toBe(200);
    const memberFile = await fileOf(id);
    const member = await call(
      ctx.app,
      'POST',
      `${API}/${id}/family-member`,
      {
        ...MEMBER,
        pan_file: memberFile,
        aadhaar_front_file: await fileOf(id),
        aadhaar_back_file: await fileOf(id),
        voter_id_file: await fileOf(id),
      },
      { token },
    );
    expect(member.status, member.body.message).toBe(200);
    const sameRecord = (field: string) => [400, `Invalid file: ${field} is a file of another record of this application`];

    const body = await kycBody(ctx.db);
    for (const [field, foreign, answer] of [
      ['pan_file', ofOther, invalid('pan_file')],
      ['photo_file', coFiles.pan_file, sameRecord('photo_file')],
      ['aadhaar_back_file', memberFile, sameRecord('aadhaar_back_file')],
      ['voter_id_file', coFiles.aadhaar_back_file, sameRecord('voter_id_file')],
    ] as const) {
      const res = await patchKyc(ctx.app, id, { ...body, [field]: foreign }, { token });
      expect([res.status, res.body.message], field).toEqual(answer);
    }
    expect((await rowOf(ctx.db, id)).data.kyc).toBeUndefined();
    const kyc = await patchKyc(ctx.app, id, body, { token });
    expect(kyc.status, kyc.body.message).toBe(200);

    // The borrower step's photo from the Aadhaar check: the same rule.
    for (const [foreign, answer] of [
      [ofOther, invalid('borrower_photo_from_aadhaar')],
      [memberFile, sameRecord('borrower_photo_from_aadhaar')],
    ] as const) {
      const res = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI, { borrower_photo_from_aadhaar: foreign }), { token });
      expect([res.status, res.body.message]).toEqual(answer);
    }
    expect((await rowOf(ctx.db, id)).data.borrower_photo_from_aadhaar).toBeUndefined();
    const own = await fileOf(id);
    const put = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI, { borrower_photo_from_aadhaar: own }), { token });
    expect(put.status, put.body.message).toBe(200);
    expect((await rowOf(ctx.db, id)).data.borrower_photo_from_aadhaar).toBe(own);
  });
});
