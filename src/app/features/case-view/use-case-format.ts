import { useMemo } from 'react';
import { toDisplayDate } from '../../../domain';
import { formatInr } from '../../components/bre/bre-figures';
import { useFeatureT } from '../../i18n/feature-text';
import { codeLabel } from './case-code-labels';
import { caseViewText } from './case-view.text';
import type { FieldFormat } from './case-view.model';

/**
 * A stored value as the case file shows it, or null when there is nothing to show; a code
 * through its field's label table (the forms' labels), in the language shown.
 */
export function useCaseFormat(): (value: unknown, format?: FieldFormat, field?: string) => string | null {
  const { t, lang } = useFeatureT(caseViewText);
  return useMemo(
    () =>
      (value, format = 'text', field = '') => {
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
            return codeLabel(field, String(value), lang);
          default:
            return typeof value === 'object' ? null : String(value);
        }
      },
    [t, lang],
  );
}
