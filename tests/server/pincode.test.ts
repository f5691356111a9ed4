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
