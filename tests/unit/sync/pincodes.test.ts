// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SahyogDb } from '../../../src/app/db/db';
import { newLocalId } from '../../../src/app/db/ids';
import {
  ensurePincodeDirectory,
  forgetCachedPincodeDirectory,
  lookupPincodeOnDevice,
  type PincodeDirectory,
} from '../../../src/app/db/pincodes.repository';

const DIRECTORY: PincodeDirectory = {
  count: 2,
  states: ['Delhi', 'Karnataka'],
  districts: ['Central Delhi', 'Bangalore'],
  pins: { '110001': [0, 0], '560034': [1, 1] },
};

let db: SahyogDb;
beforeEach(async () => {
  forgetCachedPincodeDirectory();
  db = new SahyogDb(`pins-${newLocalId()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('pincode directory on the device', () => {
  it('is fetched once and then answers offline', async () => {
    let fetches = 0;
    const fetchDirectory = async () => {
      fetches++;
      return DIRECTORY;
    };
    expect(await ensurePincodeDirectory(db, fetchDirectory)).toBe(true);
    expect(await ensurePincodeDirectory(db, fetchDirectory)).toBe(true);
    expect(fetches).toBe(1);
    forgetCachedPincodeDirectory(); // as after a reload: read back from IndexedDB
    expect(await lookupPincodeOnDevice(db, '560034')).toEqual({ city: 'Bangalore', district: 'Bangalore', state: 'Karnataka' });
    expect(await lookupPincodeOnDevice(db, '999999')).toBeUndefined();
  });

  it('a failed fetch stores nothing and is tried again next time', async () => {
    expect(await ensurePincodeDirectory(db, async () => Promise.reject(new Error('offline')))).toBe(false);
    expect(await lookupPincodeOnDevice(db, '110001')).toBeUndefined();
    expect(await ensurePincodeDirectory(db, async () => DIRECTORY)).toBe(true);
    expect((await lookupPincodeOnDevice(db, '110001'))!.state).toBe('Delhi');
  });
});

describe("lookupPincode (the screens' call)", () => {
  it('answers from the device directory without the network', async () => {
    const { getDb } = await import('../../../src/app/db/db');
    const { lookupPincode } = await import('../../../src/app/api/pincode.api');
    // No server is running here: only the device directory can answer.
    expect(await lookupPincode('560034')).toBeNull();
    await ensurePincodeDirectory(getDb(), async () => DIRECTORY);
    expect(await lookupPincode('560034')).toEqual({ city: 'Bangalore', district: 'Bangalore', state: 'Karnataka' });
  });
});
