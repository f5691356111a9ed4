import { Outlet, useLocation } from 'react-router-dom';
import { PUBLIC_STEPS, publicStepNumber, type PublicStep } from '../../domain';
import { useT } from '../i18n/use-t';

/**
 * The frame of the public applicant flow's steps: where the borrower is ("Step 2 of 6", a bar),
 * and that what they type stays on the phone. One column, large targets (styles: .apply-flow).
 */
export function ApplyProgress() {
  const { t } = useT();
  const { pathname } = useLocation();
  const step = pathname.replace(/^\/apply-loan\//, '') as PublicStep;
  const known = (PUBLIC_STEPS as readonly string[]).includes(step);
  const { n, of } = known ? publicStepNumber(step) : { n: 1, of: 6 };
  return (
    <div className="apply-flow">
      <div className="apply-flow__progress">
        <p id="apply-progress-label">{t('apply.step', { n, of })}</p>
        <progress aria-labelledby="apply-progress-label" max={of} value={n} />
      </div>
      <Outlet />
      {step !== 'mobile' && <p className="field-note apply-flow__saved">{t('apply.savedOnPhone')}</p>}
    </div>
  );
}
