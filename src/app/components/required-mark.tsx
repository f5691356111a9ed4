import { useFeatureT } from '../i18n/feature-text';
import { uploadText } from './upload/upload.text';

/**
 * '(required)' beside a label, for the eye only: the control itself says it to screen readers
 * (`required`), so it is not read twice (issue 31 N14).
 */
export function RequiredMark() {
  const { t } = useFeatureT(uploadText);
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      {t('common.required')}
    </span>
  );
}
