import { useCallback, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../domain';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import type { BorrowerValues } from './borrower-fields';

/**
 * Spec 02 §5: a 6-digit pincode fills city, district and state; another length clears them. A
 * saved pincode without its state is looked up again on opening. `stateFound`: the state came
 * from the lookup (or was there already), so it is not typed.
 */
export function useBorrowerPincode(form: UseFormReturn<BorrowerValues>, stateKnown: boolean) {
  const { getValues, setValue } = form;
  const [stateFound, setStateFound] = useState(stateKnown);
  const pincode = usePincodeLookup((found) => {
    setStateFound(found !== null);
    if (!found) return;
    setValue('city', found.city, { shouldDirty: true });
    setValue('district', found.district || found.city, { shouldDirty: true });
    setValue('state', found.state, { shouldDirty: true });
  });
  const { lookUp } = pincode;
  const setPincode = useCallback(
    (value: string) => {
      if (value === getValues('pincode')) return;
      setValue('pincode', value, { shouldDirty: true });
      for (const field of ['city', 'district', 'state'] as const) setValue(field, '', { shouldDirty: true });
      setStateFound(false);
      lookUp(value);
    },
    [getValues, setValue, lookUp],
  );
  useEffect(() => {
    const saved = getValues('pincode');
    if (saved.length === LIMITS.pincodeLength && getValues('state').trim() === '') lookUp(saved);
  }, [getValues, lookUp]);
  return { lookup: pincode.state, stateFound, setPincode };
}
