import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../domain';
import { lookupPincode, type Place } from '../api/pincode.api';

export type LookupState = 'idle' | 'looking' | 'found' | 'failed';

/**
 * Spec 01 §5 / 02 §5 "Pincode lookup": at exactly 6 characters city, district and state are
 * looked up (the phone's directory first, so it works offline); any other length clears them.
 * Only the answer for the latest pincode is applied.
 */
export function usePincodeLookup(onResult: (found: Place | null) => void) {
  const [state, setState] = useState<LookupState>('idle');
  const latest = useRef(0);
  const handler = useRef(onResult);
  handler.current = onResult;

  useEffect(() => () => void (latest.current += 1), []);

  const lookUp = useCallback((pincode: string) => {
    const request = (latest.current += 1);
    if (pincode.length !== LIMITS.pincodeLength) {
      setState('idle');
      return;
    }
    setState('looking');
    void lookupPincode(pincode).then((found) => {
      if (request !== latest.current) return;
      setState(found ? 'found' : 'failed');
      handler.current(found);
    });
  }, []);

  return { state, lookUp };
}
