import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { kycBody, LAKSHMI, patchKyc, withBorrowerStep } from './applications-fixtures';
import { useTestApp } from './helpers/test-app';
import { testDatabaseKind } from './helpers/test-db';

// The statements one KYC submit sends to PGlite (one thread runs them all: each costs the API
// its CPU), counted at the client: the session, the idempotency claim, the application with its
// file check and quotas, the quota's hit (a transaction of two), the write answering the view,
// and the idempotency answer.
const sent: string[] = [];
let counting = false;
const client = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
const originals = { query: client.query!, exec: client.exec!, transaction: client.transaction! };
client.query = function (this: unknown, ...args: unknown[]) {
  if (counting) sent.push(String(args[0]));
  return originals.query.apply(this, args);
};
client.exec = function (this: unknown, ...args: unknown[]) {
  if (counting) sent.push(String(args[0]));
  return originals.exec.apply(this, args);
};
client.transaction = function (this: unknown, work: unknown) {
  if (counting) sent.push('begin');
  return (
    originals.transaction.call(this, (tx: { query: (...args: unknown[]) => unknown }) => {
      const query = tx.query.bind(tx);
      tx.query = (...args: unknown[]) => {
        if (counting) sent.push(String(args[0]));
        return query(...args);
      };
      return (work as (tx: unknown) => unknown)(tx);
    }) as Promise<unknown>
  ).finally(() => counting && sent.push('commit'));
};
afterAll(() => Object.assign(client, originals));

const ctx = useTestApp({ config: { tokenCacheSeconds: 0 } });

it.skipIf(testDatabaseKind() !== 'pglite')('a KYC submit with an Idempotency-Key is 7 statements and one transaction of two', async () => {
  const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
  const body = await kycBody(ctx.db);
  counting = true;
  const res = await patchKyc(ctx.app, id, body, { token, headers: { 'idempotency-key': 'kyc-count' } });
  counting = false;
  expect(res.status, res.body.message).toBe(200);
  expect(sent.length, sent.join('\n')).toBe(9);
  expect(sent.filter((s) => s === 'begin')).toHaveLength(1);
});
