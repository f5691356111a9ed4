import { describe, expect, it } from 'vitest';
import { TRACK_MAX_PER_ADDRESS_HOUR } from '../../src/server/modules/track/track.routes';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// Issue 19 item 5: behind a trusted proxy the limits count the address the proxy saw, whatever
// X-Forwarded-For the client itself sent (the proxy appends the real address to the client's).

const PROXY = '10.20.0.2';
const CLIENT = '203.0.113.7';
const ctx = useTestApp();

/** One tracker-id guess as it reaches the API through the proxy: the client's spoofed header, then the proxy's entry. */
const guessThroughProxy = (n: number) =>
  get(ctx.app, `/api/v1/track?tracker_id=SAH${String(2611000000 + n)}`, {
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `198.51.100.${n % 250}, 10.${n % 250}.0.1, ${CLIENT}` },
  });

async function guesses(count: number) {
  const statuses: number[] = [];
  for (let n = 0; n < count; n++) statuses.push((await guessThroughProxy(n)).status);
  return statuses;
}

describe('X-Forwarded-For behind a trusted proxy', () => {
  it.each([
    ['the proxy’s address', [PROXY]],
    ['the proxy’s CIDR', ['10.20.0.0/16']],
    ['one hop', 1],
  ])('with %s, 120 guesses from one client are limited whatever it forwards', async (_name, trustProxy) => {
    await ctx.rebuild({ config: { trustProxy } });
    const statuses = await guesses(120);
    expect(statuses.filter((s) => s === 404)).toHaveLength(TRACK_MAX_PER_ADDRESS_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - TRACK_MAX_PER_ADDRESS_HOUR);
    // Another client behind the same proxy is counted on its own.
    const other = await get(ctx.app, '/api/v1/track?tracker_id=SAH2611999999', {
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.8' },
    });
    expect(other.status).toBe(404);
  });

  it('without a trusted proxy every call counts against the connecting address', async () => {
    const statuses = await guesses(TRACK_MAX_PER_ADDRESS_HOUR + 1);
    expect(statuses.at(-1)).toBe(429);
    const direct = await get(ctx.app, '/api/v1/track?tracker_id=SAH2611999999', { remoteAddress: PROXY });
    expect(direct.status).toBe(429); // the proxy's own address was the one counted
  });
});
