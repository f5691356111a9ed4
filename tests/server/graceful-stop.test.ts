import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { stopGracefully } from '../../src/server/lifecycle';
import type { BureauProvider } from '../../src/server/providers/bureau/bureau-provider';
import { createSandboxBureauProvider } from '../../src/server/providers/bureau/sandbox-bureau.provider';
import { BASE, kycBody, LAKSHMI, withBorrowerStep } from './applications-fixtures';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// A bureau call that waits until the test lets it go: a KYC submission held in flight.
let entered: () => void = () => undefined;
let release: () => void = () => undefined;
let hold = false;
const sandbox = createSandboxBureauProvider();
const heldBureau: BureauProvider = {
  check: async (pan) => {
    if (!hold) return sandbox.check(pan);
    hold = false;
    const gate = new Promise<void>((resolve) => (release = resolve));
    entered();
    await gate;
    return sandbox.check(pan);
  },
};
const ctx = useTestApp({ providers: { bureau: heldBureau } });
// A failed test must not leave its request held: the app's close would wait for it.
afterEach(() => release());

async function listening() {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** A KYC submission over real HTTP, parked in the bureau call when this resolves. */
async function kycInFlight(url: string) {
  const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
  const body = JSON.stringify(await kycBody(ctx.db));
  const inBureau = new Promise<void>((resolve) => (entered = resolve));
  hold = true;
  const answer = fetch(`${url}${BASE}/${id}/basic-info`, {
    method: 'PATCH',
    headers: { token, 'content-type': 'application/json', 'idempotency-key': 'kyc-held-1' },
    body,
  });
  // An answer before the bureau call is a failure of the set-up.
  let parked = false;
  const early = answer.then((r) => {
    if (!parked) throw new Error(`answered ${r.status} before the bureau call`);
  });
  await Promise.race([inBureau.then(() => (parked = true)), early]);
  early.catch(() => undefined);
  return { answer }; // not the promise itself: an async function would wait for it
}

describe('graceful stop', () => {
  it('readiness is 200, then 503 while draining; the request in flight finishes 200; new connections are refused', async () => {
    const url = await listening();
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
    const { answer } = await kycInFlight(url);

    const stopped = stopGracefully(ctx.app, { drainMs: 300, graceMs: 10_000 });
    const ready = await fetch(`${url}/api/health/ready`, { headers: { connection: 'close' } });
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toBe('This server is stopping');
    expect((await get(ctx.app, '/api/health')).status).toBe(200); // still alive: liveness is not readiness

    // Past the drain the server no longer listens, and waits for the KYC in its bureau call.
    await expect
      .poll(() =>
        fetch(`${url}/api/health`, { headers: { connection: 'close' } }).then(
          () => 'answered',
          () => 'refused',
        ),
      )
      .toBe('refused');
    release();
    const done = await answer;
    expect(done.status).toBe(200);
    expect(((await done.json()) as { data: { status: string } }).data.status).toBe('DRAFT');
    expect(await stopped).toBe('clean');
  });

  it('gives up on a request still running past the bound', async () => {
    const url = await listening();
    const { answer } = await kycInFlight(url);
    const started = Date.now();
    expect(await stopGracefully(ctx.app, { drainMs: 100, graceMs: 800 })).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(3000);
    release();
    await answer.catch(() => undefined);
  });

  it('readiness is 503 while the database does not answer', async () => {
    const failing = { execute: () => Promise.reject(new Error('connection refused')) };
    const db = ctx.app.db;
    Object.assign(ctx.app, { db: failing });
    try {
      const res = await get(ctx.app, '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The database is not reachable');
    } finally {
      Object.assign(ctx.app, { db });
    }
  });
});
