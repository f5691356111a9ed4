import { Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { PUBLIC_STEPS, publicStepNumber, type PublicStep } from '../../domain';
import { useT } from '../i18n/use-t';
import { LanguageSwitch } from './language-switch';

/**
 * The frame of the public applicant flow's steps: where the borrower is ("Step 2 of 6", a bar),
 * the language switch (English / हिन्दी, on every step but the first screen, which shows its own
 * large one), and that what they type stays on the phone. One column, large targets (styles: .apply-flow).
 */
export function ApplyProgress() {
  const { t } = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const step = pathname.replace(/^\/apply-loan\//, '') as PublicStep;
  const known = (PUBLIC_STEPS as readonly string[]).includes(step);
  const { n, of } = known ? publicStepNumber(step) : { n: 1, of: 6 };
  // The first screen (the mobile check, before the application exists) asks for the language itself.
  const firstScreen = step === 'mobile' && !params.get('id');
  return (
    <div className="apply-flow">
      <div className="apply-flow__header">
        <div className="apply-flow__progress">
          <p id="apply-progress-label">{t('apply.step', { n, of })}</p>
          <progress aria-labelledby="apply-progress-label" max={of} value={n} />
        </div>
        {!firstScreen && (
          <div className="apply-flow__language">
            <LanguageSwitch />
          </div>
        )}
      </div>
      <Outlet />
      {step !== 'mobile' && <p className="field-note apply-flow__saved">{t('apply.savedOnPhone')}</p>}
    </div>
  );
}
