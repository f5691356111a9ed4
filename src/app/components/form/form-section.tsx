import type { ReactNode } from 'react';
import { useKitT, type AnyTextKey } from '../../i18n/feature-text';

type FormSectionProps = {
  legend: AnyTextKey;
  /** Extra classes of the fieldset. */
  className?: string;
  /** The class of a grid around the fields; none: the fields follow one another. */
  gridClassName?: string;
  /** A section that cannot be changed now (its submit is on its way). */
  disabled?: boolean;
  children: ReactNode;
  /** After the fields, outside their grid (a note about several of them). */
  footer?: ReactNode;
};

/** One titled group of fields (a fieldset with its legend translated). */
export function FormSection({ legend, className, gridClassName, disabled, children, footer }: FormSectionProps) {
  const { t } = useKitT();
  return (
    <fieldset className={className ? `form-section ${className}` : 'form-section'} disabled={disabled}>
      <legend>{t(legend)}</legend>
      {gridClassName ? <div className={gridClassName}>{children}</div> : children}
      {footer}
    </fieldset>
  );
}
