import { PINCODE_ROUTES, pathOf } from '../../domain';
import type { PincodeDirectory } from '../db/pincodes.repository';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';
import { isHttpError } from './http-client';

export type CityState = { city: string; state: string };
/** A place of the pincode directory; `district` is empty when the answer has none. */
export type Place = CityState & { district: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * City, district and state of a pincode (spec 01 §7 `GET /v1/pincode/get-city-state`): the
 * phone's directory first, then the server; null on any failure (not found, offline, a server
 * error, an answer without city and state).
 */
export async function lookupPincode(pincode: string): Promise<Place | null> {
  const onDevice = await lookupOnDevice(pincode);
  if (onDevice) return onDevice;
  try {
    const answer = await requestEnvelope<Partial<Record<keyof Place, unknown>> | null>(
      mainApi.get(pathOf(PINCODE_ROUTES.place), { params: { pincode } }),
    );
    if (!answer.success || !answer.data) return null;
    const place = { city: text(answer.data.city), district: text(answer.data.district), state: text(answer.data.state) };
    return place.city && place.state ? place : null;
  } catch {
    return null;
  }
}

/** The directory kept on this device after a sign-in (works offline); null when absent. */
async function lookupOnDevice(pincode: string): Promise<Place | null> {
  try {
    const { lookupPincodeHere } = await import('../db/pincodes.actions');
    const place = await lookupPincodeHere(pincode);
    return place ? { city: place.city, district: place.district, state: place.state } : null;
  } catch {
    return null; // no IndexedDB (private mode, tests): ask the server
  }
}

/** The whole directory (`GET /v1/pincode/directory`), kept on the device after a sign-in; null when the server refuses. */
export async function fetchPincodeDirectory(): Promise<PincodeDirectory | null> {
  try {
    return (await mainApi.get<PincodeDirectory>(pathOf(PINCODE_ROUTES.directory))).data;
  } catch (error) {
    if (isHttpError(error) && error.response) return null;
    throw error;
  }
}
