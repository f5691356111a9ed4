import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { kycBody, LAKSHMI, patchKyc, withBorrowerStep } from './applications-fixtures';
import { useTestApp } from './helpers/test-app';
import { testDatabaseKind } from './helpers/test-db';

// The statements one KYC submit sends to PGlite (one thread runs them all: each costs the API
// its CPU), counted where every message reaches PGlite (a prepared statement's run is one Bind,
// pglite-prepared.ts; BEGIN and COMMIT are simple queries): the session, the idempotency claim,
// the application with its file check and quotas, the quota's hit (one statement: the database
// function take_rate_hits, migration 0032; it was a transaction of two), the write answering the view, the record's claim and its version (issue 32: record-versions/, one
// statement each), and the idempotency answer. A Parse is a statement's text analysed.
type Sent = { kind: 'run' | 'simple' | 'parse'; text: string };
const sent: Sent[] = [];
let counting = false;
const decoder = new TextDecoder();
const cstring = (bytes: Uint8Array, from: number) => decoder.decode(bytes.subarray(from, bytes.indexOf(0, from)));
const client = PGlite.prototype as unknown as Record<string, (message: Uint8Array, ...rest: unknown[]) => unknown>;
const original = client.execProtocolStream!;
client.execProtocolStream = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
  if (counting) {
    const kind = String.fromCharCode(message[0]!);
    // Parse: 'P', length, the statement's name, its text; Bind: 'B', length, portal, statement; Query: 'Q', length, text.
    if (kind === 'P') sent.push({ kind: 'parse', text: cstring(message, 5 + cstring(message, 5).length + 1) });
    if (kind === 'B') sent.push({ kind: 'run', text: cstring(message, 5 + cstring(message, 5).length + 1) || '(unnamed)' });
    if (kind === 'Q') sent.push({ kind: 'simple', text: cstring(message, 5) });
  }
  return original.call(this, message, ...rest);
};
afterAll(() => {
  client.execProtocolStream = original;
});

const ctx = useTestApp({ config: { tokenCacheSeconds: 0 } });

const list = (of: Sent[]) => of.map((s) => `${s.kind} ${s.text.replace(/\s+/g, ' ').slice(0, 100)}`).join('\n');

it.skipIf(testDatabaseKind() !== 'pglite')(
  'a KYC submit with an Idempotency-Key is 8 statements and no transaction, each prepared once',
  async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const submit = async (key: string) => {
      const body = await kycBody(ctx.db);
      sent.length = 0;
      counting = true;
      const res = await patchKyc(ctx.app, id, body, { token, headers: { 'idempotency-key': key } });
      counting = false;
      expect(res.status, res.body.message).toBe(200);
      return [...sent];
    };
    const first = await submit('kyc-count-1');
    const executed = first.filter((s) => s.kind !== 'parse');
    expect(executed.length, list(first)).toBe(8);
    expect(executed.filter((s) => s.kind === 'simple').map((s) => s.text)).toEqual([]);
    // Every statement with parameters runs prepared (a named statement), none through PGlite's unnamed one.
    expect(
      executed.filter((s) => s.kind === 'run' && s.text === '(unnamed)'),
      list(first),
    ).toEqual([]);

    // The next submit analyses no text again: every statement was prepared by the first.
    const second = await submit('kyc-count-2');
    expect(
      second.filter((s) => s.kind === 'parse'),
      list(second),
    ).toEqual([]);
    expect(second.filter((s) => s.kind !== 'parse')).toHaveLength(8);
  },
);
