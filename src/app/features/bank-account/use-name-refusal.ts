import { useEffect } from 'react';
import { isMessage } from '../../i18n/translate';
import type { useBankAccountForm } from './use-bank-account-form';

/**
 * A submit queued offline and refused later for the names (400 without the deviation): the form
 * reopens with the warning, and Submit becomes 'Continue with Deviation' (spec 02 §4, §8).
 * Whether the parked submit was refused so.
 */
export function useNameRefusal({ parked, checks, setChecks, form }: ReturnType<typeof useBankAccountForm>): boolean {
  const refusedForName = isMessage(parked?.message, 'borrower.nameMismatch');
  useEffect(() => {
    if (!parked) return;
    if (refusedForName && !(checks.nameMatch && !checks.nameMatch.result.is_match)) {
      const holder = checks.verified?.holder || form.getValues('account_holder_name');
      setChecks({ ...checks, nameMatch: { holder, result: { is_match: false, refused_by_server: true } } });
    }
  }, [parked?.seq]);
  return refusedForName;
}
