import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

const ctx = useTestApp();

describe('GET /api/v1/pincode/get-city-state', () => {
  it.each([
    ['110001', { city: 'Central Delhi', district: 'Central Delhi', state: 'Delhi' }],
    ['560034', { city: 'Bangalore', district: 'Bangalore', state: 'Karnataka' }],
    ['400001', { city: 'Mumbai', district: 'Mumbai', state: 'Maharashtra' }],
  ])('knows %s, without signing in', async (pincode, place) => {
    const res = await get(ctx.app, `/api/v1/pincode/get-city-state?pincode=${pincode}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(place);
  });

  it('answers 400 for a malformed pincode and 404 for an unknown one', async () => {
    for (const bad of ['011001', '11000', 'abcdef', '']) {
      const res = await get(ctx.app, `/api/v1/pincode/get-city-state?pincode=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid pincode');
    }
    const unknown = await get(ctx.app, '/api/v1/pincode/get-city-state?pincode=999999');
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/v1/pincode/directory', () => {
  it('serves the whole directory once, then 304 for the same ETag', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/pincode/directory', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    const dir = res.json() as { count: number; states: string[]; districts: string[]; pins: Record<string, [number, number]> };
    expect(dir.count).toBe(19159);
    const [d, st] = dir.pins['560034']!;
    expect([dir.districts[d], dir.states[st]]).toEqual(['Bangalore', 'Karnataka']);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pincode/directory',
      headers: { host: 'localhost', 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const zipped = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pincode/directory',
      headers: { host: 'localhost', 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(60_000);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).count).toBe(19159);
  });
});
