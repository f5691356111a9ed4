import type { MandateView } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import type { useMandate } from './use-mandate';
import { mandateText } from './mandate.text';

type Props = {
  view: MandateView;
  mandate: ReturnType<typeof useMandate>;
  online: boolean;
  /** The panel's id prefix (the code's field), and the offline note's id. */
  id: string;
  offline: string;
};

/** The credit manager's "Register mandate" (again, after a rejection or an expired code), then the bank's code and Authorise. */
export function MandateRegistration({ view, mandate, online, id, offline }: Props) {
  const { t } = useFeatureT(mandateText);
  const { busy, code, setCode } = mandate;
  const pending = view.state === 'PENDING' && view.session_id !== null;
  return (
    <>
      {!pending && <p className="field-note">{t('mandate.how')}</p>}
      <button
        type="button"
        className={`button ${pending ? 'button--secondary' : 'button--primary'}`}
        disabled={!online || busy !== null}
        aria-describedby={!online ? offline : undefined}
        onClick={() => void mandate.register()}
      >
        {busy === 'register' ? t('mandate.registering') : view.attempts.length > 0 ? t('mandate.registerAgain') : t('mandate.register')}
      </button>
      {pending && (
        <form
          className="mandate-panel__code"
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length === 6) void mandate.authorise();
          }}
        >
          {view.mobile && <p>{t('mandate.sentTo', { mobile: view.mobile })}</p>}
          <label className="field-label" htmlFor={`${id}-code`}>
            {t('mandate.code')}
          </label>
          <input
            id={`${id}-code`}
            className="field-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-describedby={`${id}-code-hint`}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <p id={`${id}-code-hint`} className="field-note">
            {t('mandate.codeHint')}
          </p>
          <button
            type="submit"
            className="button button--primary"
            disabled={!online || busy !== null || code.length !== 6}
            aria-describedby={!online ? offline : undefined}
          >
            {busy === 'authorise' ? t('mandate.authorising') : t('mandate.authorise')}
          </button>
        </form>
      )}
    </>
  );
}
