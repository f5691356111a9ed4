import { useT } from '../i18n/use-t';

/**
 * '(required)' beside a label, for the eye only: the control itself says it to screen readers
 * (`required`), so it is not read twice (issue 31 N14).
 */
export function RequiredMark() {
  const { t } = useT();
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      {t('common.required')}
    </span>
  );
}
