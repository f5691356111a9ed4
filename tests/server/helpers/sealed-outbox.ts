import type { FastifyInstance } from 'fastify';
import { sealForServer } from '../../../src/app/crypto/server-seal';
import { SEALED_CONTENT_TYPE, type OutboxPublicKey } from '../../../src/domain/identity/sealed-envelope';
import { BASE, borrowerBody, LAKSHMI } from '../applications-fixtures';
import { get, hostOf } from './http';

/** The tenant's outbox key, as the app reads it from the tenant's config. */
export async function servedKey(app: FastifyInstance): Promise<OutboxPublicKey> {
  return (await get(app, '/api/public/tenant/hostname/localhost/config')).body.data.outbox_key as OutboxPublicKey;
}

/** The borrower step as the outbox queues it: sealed on the phone for the server. */
export async function sealedBorrowerPut(app: FastifyInstance, token: string, id: string, idempotencyKey: string) {
  const { envelope } = await sealForServer(await servedKey(app), {
    method: 'PUT',
    idempotencyKey,
    json: { url: '/v1/app/mfi/{app}', body: borrowerBody(LAKSHMI) },
  });
  return app.inject({
    method: 'PUT',
    url: `${BASE}/${id}`,
    payload: JSON.stringify(envelope),
    headers: { host: hostOf(), token, 'idempotency-key': idempotencyKey, 'content-type': SEALED_CONTENT_TYPE },
  });
}
