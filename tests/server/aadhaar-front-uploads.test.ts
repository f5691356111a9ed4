import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, users } from '../../src/server/db/schema';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { login, RAVI } from './helpers/auth-flow';
import { guestSignIn } from './helpers/guest-flow';
import { hostOf } from './helpers/http';
import { multipart, type FilePart } from './helpers/multipart';
import { tempDir } from './helpers/temp-dir';
import { useTestApp } from './helpers/test-app';
import { LAKSHMI_CARD } from '../fixtures/aadhaar-cards/lakshmi-devi.expected';
import { MOHAN_PRINTED_CARD } from '../fixtures/aadhaar-cards/mohan-lal-printed.expected';

// DECISIONS "Public applicant flow": an Aadhaar front upload answers what its Secure QR says, for
// staff and guests alike, read in the document pool; any other document answers parsed_data null.

const ctx = useTestApp({ storage: createDiskStorage(tempDir('sahyog-aadhaar-front-')) });
const card = (name: string) => readFileSync(new URL(`../fixtures/aadhaar-cards/${name}`, import.meta.url));
const part = (name: string): FilePart => ({
  field: 'file',
  filename: name,
  bytes: card(name),
  type: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
});

async function upload(fields: Record<string, string>, file: FilePart, token: string) {
  const { payload, headers } = multipart(fields, [file]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/apply-loan/upload-file',
    payload,
    headers: { ...headers, host: hostOf(), token },
  });
  return { status: res.statusCode, body: res.json() as { data?: { parsed_data: unknown }; message?: string } };
}

async function staffApplication(): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const at = new Date(ctx.clock.now());
  const [creator] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, 'sahyog'), eq(users.mobile, RAVI)));
  await ctx.db.insert(applications).values({ tenant_id: 'sahyog', id, created_by: creator!.id, created_at: at, updated_at: at });
  return id;
}

const front = (applicationId?: string, file_type = 'AADHAAR_FRONT') => ({
  file_type,
  upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
  ...(applicationId ? { application_id: applicationId } : {}),
});

describe('parsed_data of an Aadhaar front upload', () => {
  it('a staff upload of a persona card answers its name, DOB, gender, address and place', async () => {
    const token = await login(ctx.app, RAVI);
    const res = await upload(front(await staffApplication()), part('lakshmi-devi.png'), token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data?.parsed_data).toEqual(LAKSHMI_CARD);
  });

  it('a guest upload of the photo at an angle is read too', async () => {
    const guest = await guestSignIn(ctx.app);
    const res = await upload(front(guest.applicationId), part('sunita-kumari-angle.jpg'), guest.token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data?.parsed_data).toMatchObject({ name: 'SUNITA KUMARI', dob: '30-11-1988', gender: 'F', pincode: '800001' });
  });

  it('a guest upload of a card with printed text only (no QR) answers what OCR read, marked OCR', async () => {
    const guest = await guestSignIn(ctx.app);
    const res = await upload(front(guest.applicationId), part('mohan-lal-printed.png'), guest.token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data?.parsed_data).toEqual(MOHAN_PRINTED_CARD);
  });

  it('a tampered card, a blurred one and a non-Aadhaar image are stored with parsed_data null', async () => {
    const token = await login(ctx.app, RAVI);
    const applicationId = await staffApplication();
    for (const name of ['lakshmi-devi-tampered.png', 'lakshmi-devi-blurred.jpg', 'mohan-lal-printed-blurred.jpg', 'not-aadhaar.png']) {
      const res = await upload(front(applicationId), part(name), token);
      expect(res.status, name).toBe(200);
      expect(res.body.data?.parsed_data, name).toBeNull();
    }
  });

  it('the same card uploaded as another document type is not read', async () => {
    const token = await login(ctx.app, RAVI);
    const res = await upload(front(await staffApplication(), 'AADHAAR_BACK'), part('lakshmi-devi.png'), token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data?.parsed_data).toBeNull();
  });
});
