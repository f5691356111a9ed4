import { tempDir } from './helpers/temp-dir';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sealForServer } from '../../src/app/crypto/server-seal';
import {
  SEALED_CONTENT_TYPE,
  SEALED_FIELD,
  SEALED_FILE_NAME,
  type OutboxPublicKey,
  type SealedEnvelope,
} from '../../src/domain/identity/sealed-envelope';
import { applications, files } from '../../src/server/db/schema';
import { SEALED_MSG } from '../../src/server/keys/outbox-key';
import { english } from '../../src/server/kernels/messages';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { BASE, borrowerBody, LAKSHMI, officerWithApplication, verifyIdentity } from './applications-fixtures';
import { get } from './helpers/http';
import { login, RAVI } from './helpers/auth-flow';
import { hostOf } from './helpers/http';
import { JPEG, multipart } from './helpers/multipart';
import { useTestApp } from './helpers/test-app';

// The sealed outbox on the server (issue 24 part 3): a queued request sealed on the phone for the
// outbox key is opened before the Idempotency-Key check and the body's validation, and handled
// like the same request sent in clear.
const ctx = useTestApp({ storage: createDiskStorage(tempDir('sahyog-sealed-')) });

async function servedKey(): Promise<OutboxPublicKey> {
  const res = await get(ctx.app, '/api/public/tenant/hostname/localhost/config');
  expect(res.status).toBe(200);
  return res.body.data.outbox_key as OutboxPublicKey;
}

async function sealJson(key: OutboxPublicKey, method: string, url: string, body: unknown, idempotencyKey: string): Promise<SealedEnvelope> {
  return (await sealForServer(key, { method, idempotencyKey, json: { url, body } })).envelope;
}

function sendSealed(method: 'PUT' | 'POST' | 'PATCH', url: string, envelope: unknown, token: string, idempotencyKey: string) {
  return ctx.app.inject({
    method,
    url,
    payload: JSON.stringify(envelope),
    headers: { host: hostOf(), token, 'idempotency-key': idempotencyKey, 'content-type': SEALED_CONTENT_TYPE },
  });
}

/** Flips one bit of a base64url text. */
const flip = (text: string) => {
  const bytes = Buffer.from(text, 'base64url');
  bytes[bytes.length >> 1]! ^= 1;
  return bytes.toString('base64url');
};

describe('sealed outbox requests', () => {
  it('the tenant config serves the outbox public key, with the key id of the key file', async () => {
    const key = await servedKey();
    expect(key.kid).toBe(ctx.app.secrets.outboxKey.current);
    expect(key.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(JSON.stringify(key)).not.toMatch(/"d"/);
  });

  it('a sealed body is opened and handled like a clear one; its replay is recognised, another body is 422', async () => {
    const key = await servedKey();
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, LAKSHMI);
    const body = borrowerBody(LAKSHMI);
    const envelope = await sealJson(key, 'PUT', '/v1/app/mfi/{app}', body, 'sealed-1');
    expect(JSON.stringify(envelope)).not.toContain(LAKSHMI.name);
    const first = await sendSealed('PUT', `${BASE}/${id}`, envelope, token, 'sealed-1');
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(JSON.stringify(row)).toContain(LAKSHMI.pan);

    // The stored envelope sent again (a lost answer), and the same body sealed afresh: both replays.
    const again = await sendSealed('PUT', `${BASE}/${id}`, envelope, token, 'sealed-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const resealed = await sendSealed(
      'PUT',
      `${BASE}/${id}`,
      await sealJson(key, 'PUT', '/v1/app/mfi/{app}', body, 'sealed-1'),
      token,
      'sealed-1',
    );
    expect(resealed.headers['idempotent-replayed']).toBe('true');
    const other = await sealJson(key, 'PUT', '/v1/app/mfi/{app}', { ...body, name: 'SOMEONE ELSE' }, 'sealed-1');
    expect((await sendSealed('PUT', `${BASE}/${id}`, other, token, 'sealed-1')).statusCode).toBe(422);
  });

  it('a versioned write’s condition travels sealed with its body: the clear headers do not count', async () => {
    const key = await servedKey();
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, LAKSHMI);
    const body = borrowerBody(LAKSHMI);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `${BASE}/${id}`, payload: body, headers: { host: hostOf(), token } })).statusCode,
    ).toBe(200);
    // The officer's other phone changes the address: version 2.
    const otherPhone = await login(ctx.app, RAVI);
    await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { ...body, address: '2 First Road, Ward 1' },
      headers: { host: hostOf(), token: otherPhone },
    });
    // Based on version 1 (sealed), its unchanged address does not undo version 2's; based on the
    // clear header's version 2, it would.
    const condition = { record: 'borrower', ifMatch: 1 };
    const json = { url: '/v1/app/mfi/{app}', body: { ...body, years_of_residence: 9 }, condition };
    const envelope = (await sealForServer(key, { method: 'PUT', idempotencyKey: 'cond-1', json })).envelope;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: JSON.stringify(envelope),
      headers: { host: hostOf(), token, 'idempotency-key': 'cond-1', 'content-type': SEALED_CONTENT_TYPE, 'if-match': '"2"' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.merged_fields).toEqual(['years_of_residence']);
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.data).toMatchObject({ address: '2 First Road, Ward 1', years_of_residence: 9 });
    // A sealed condition that is not one is refused like any malformed envelope.
    const bad = { url: '/v1/app/mfi/{app}', body, condition: { record: 'borrower', ifMatch: 'one' } };
    const badEnvelope = (await sealForServer(key, { method: 'PUT', idempotencyKey: 'cond-2', json: bad })).envelope;
    const refused = await sendSealed('PUT', `${BASE}/${id}`, badEnvelope, token, 'cond-2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(english(SEALED_MSG.malformed));
  });

  it('a tampered, foreign or misdirected envelope is 400 with the reason, never 500', async () => {
    const key = await servedKey();
    const { token, id } = await officerWithApplication(ctx.app);
    const envelope = await sealJson(key, 'PATCH', '/v1/app/mfi/{app}', { loan_amount: 50000 }, 'bad-1');
    const cases: [string, unknown, string, string][] = [
      ['changed ciphertext', { ...envelope, ct: flip(envelope.ct) }, 'bad-1', english(SEALED_MSG.notOpened)],
      ['changed IV', { ...envelope, iv: flip(envelope.iv) }, 'bad-1', english(SEALED_MSG.notOpened)],
      ['another ephemeral key', { ...envelope, epk: flip(envelope.epk) }, 'bad-1', english(SEALED_MSG.malformed)],
      ['unknown key id', { ...envelope, kid: 'retired-key' }, 'bad-1', english(SEALED_MSG.unknownKey)],
      ['another Idempotency-Key (the AAD)', envelope, 'bad-2', english(SEALED_MSG.notOpened)],
      ['not an envelope', { hello: 'world' }, 'bad-1', english(SEALED_MSG.malformed)],
    ];
    for (const [what, sent, idempotencyKey, message] of cases) {
      const res = await sendSealed('PATCH', `${BASE}/${id}`, sent, token, idempotencyKey);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(message);
    }
    // Sealed for another path, or another method: refused.
    const elsewhere = await sendSealed('PATCH', `${BASE}/${id}/basic-info`, envelope, token, 'bad-1');
    expect(elsewhere.json().message).toBe(english(SEALED_MSG.wrongPath));
    const put = await sendSealed('PUT', `${BASE}/${id}`, envelope, token, 'bad-1');
    expect(put.statusCode).toBe(400);
  });

  it('a sealed upload passes the content check on its opened bytes, under its real name; its references are substituted', async () => {
    const key = await servedKey();
    const { token, id } = await officerWithApplication(ctx.app);
    const upload = async (bytes: Buffer, idempotencyKey: string) => {
      const sealed = await sealForServer(key, {
        method: 'POST',
        idempotencyKey,
        json: {
          url: '/v1/apply-loan/upload-file',
          fields: {
            file_type: 'SHOP_PHOTO',
            upload_type: 'LOAN_APPLICANT_BUSINESS_INFO',
            name_prefix: 'shop',
            application_id: { $app: 'local-1' },
          },
          names: ['shop-of-lakshmi.jpg'],
          types: ['image/jpeg'],
        },
        files: [new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })],
      });
      const envelope = { ...sealed.envelope, refs: { '$app:local-1': id } };
      const cipher = Buffer.from(await sealed.files[0]!.arrayBuffer());
      expect(cipher.includes(bytes.subarray(0, 64))).toBe(false);
      const { payload, headers } = multipart({ [SEALED_FIELD]: JSON.stringify(envelope) }, [
        { field: 'file', filename: SEALED_FILE_NAME, bytes: cipher },
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/apply-loan/upload-file',
        payload,
        headers: { ...headers, host: hostOf(), token, 'idempotency-key': idempotencyKey },
      });
    };
    const res = await upload(JPEG, 'up-1');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(files).where(eq(files.id, res.json().data.file_id));
    expect(row).toMatchObject({ application_id: id, mime: 'image/jpeg', size: JPEG.length, original_name: 'shop-of-lakshmi.jpg' });
    const replay = await upload(JPEG, 'up-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.file_id).toBe(res.json().data.file_id);
    // What is not a photo once opened is refused as in clear.
    expect((await upload(Buffer.from('MZ not a photo at all'), 'up-2')).statusCode).toBe(415);
  });
});
