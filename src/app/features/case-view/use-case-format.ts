import { useMemo } from 'react';
import { LOAN_TYPE_LABELS, toDisplayDate, type LoanType } from '../../../domain';
import { formatInr } from '../../components/bre/bre-figures';
import { useFeatureT } from '../../i18n/feature-text';
import { caseViewText } from './case-view.text';
import type { FieldFormat } from './case-view.model';

/** A code in words: 'SELF_OWNED' → 'Self owned' (a loan type by its product name); an abbreviation (OBC, SC) as it is. */
export function codeInWords(code: string): string {
  if (code in LOAN_TYPE_LABELS) return LOAN_TYPE_LABELS[code as LoanType];
  if (!/^[A-Z0-9_]+$/.test(code) || (code.length <= 3 && !code.includes('_'))) return code;
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as the case file shows it, or null when there is nothing to show. */
export function useCaseFormat(): (value: unknown, format?: FieldFormat) => string | null {
  const { t } = useFeatureT(caseViewText);
  return useMemo(
    () =>
      (value, format = 'text') => {
        if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
        if (typeof value === 'boolean') return t(value ? 'case.yes' : 'case.no');
        const number = typeof value === 'number' ? value : Number.NaN;
        switch (format) {
          case 'amount':
            return Number.isFinite(number) ? formatInr(number) : String(value);
          case 'percent':
            return t('case.percent', { value: String(value) });
          case 'days':
            return t('case.days', { value: String(value) });
          case 'months':
            return t('case.months', { value: String(value) });
          case 'years':
            return t('case.years', { value: String(value) });
          case 'date':
            return toDisplayDate(String(value)) ?? String(value);
          case 'code':
            return codeInWords(String(value));
          default:
            return typeof value === 'object' ? null : String(value);
        }
      },
    [t],
  );
}
