import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../domain';
import { lookupPincode } from '../../api/pincode.api';
import { getDb } from '../../db/db';
import { lookupPincodeOnDevice } from '../../db/pincodes.repository';

export type Place = { city: string; district: string; state: string };
export type PlaceLookup = 'idle' | 'looking' | 'found' | 'failed';

/**
 * Spec 02 §5: a pincode of exactly 6 characters fills city, district and state; the phone's
 * directory answers first (offline too), then the server (city and state only). Only the answer
 * for the latest pincode is applied.
 */
export function usePincodePlace(onPlace: (place: Place | null) => void) {
  const [state, setState] = useState<PlaceLookup>('idle');
  const latest = useRef(0);
  const handler = useRef(onPlace);
  handler.current = onPlace;

  useEffect(() => () => void (latest.current += 1), []);

  const lookUp = useCallback((pincode: string) => {
    const request = (latest.current += 1);
    if (pincode.length !== LIMITS.pincodeLength) {
      setState('idle');
      return;
    }
    setState('looking');
    void (async (): Promise<Place | null> => {
      const onDevice = await lookupPincodeOnDevice(getDb(), pincode).catch(() => undefined);
      if (onDevice) return onDevice;
      const found = await lookupPincode(pincode);
      return found ? { ...found, district: '' } : null;
    })().then((place) => {
      if (request !== latest.current) return;
      setState(place ? 'found' : 'failed');
      handler.current(place);
    });
  }, []);

  return { state, lookUp };
}
