import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

export type CityState = { city: string; state: string };

/**
 * City and state of a pincode (spec 01 §7 `GET /v1/pincode/get-city-state`), or null on any
 * failure: not found, offline, a server error or an answer without both names.
 */
export async function lookupPincode(pincode: string): Promise<CityState | null> {
  const onDevice = await lookupOnDevice(pincode);
  if (onDevice) return onDevice;
  try {
    const answer = await requestEnvelope<Partial<CityState> | null>(mainApi.get('/v1/pincode/get-city-state', { params: { pincode } }));
    if (!answer.success || !answer.data) return null;
    const city = typeof answer.data.city === 'string' ? answer.data.city.trim() : '';
    const state = typeof answer.data.state === 'string' ? answer.data.state.trim() : '';
    return city && state ? { city, state } : null;
  } catch {
    return null;
  }
}

/** The directory kept on this device after a sign-in (works offline); null when absent. */
async function lookupOnDevice(pincode: string): Promise<CityState | null> {
  try {
    const [{ getDb }, { lookupPincodeOnDevice }] = await Promise.all([import('../db/db'), import('../db/pincodes.repository')]);
    const place = await lookupPincodeOnDevice(getDb(), pincode);
    return place ? { city: place.city, state: place.state } : null;
  } catch {
    return null; // no IndexedDB (private mode, tests): ask the server
  }
}
