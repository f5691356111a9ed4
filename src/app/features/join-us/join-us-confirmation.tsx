import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFeatureT } from '../../i18n/feature-text';
import { joinUsText } from './join-us.text';

/** Spec 01 §2: what replaces the form after success, and Go Back to /login. */
export function JoinUsConfirmation({ trackerId }: { trackerId: string }) {
  const { t } = useFeatureT(joinUsText);
  const navigate = useNavigate();
  const message = useRef<HTMLParagraphElement>(null);

  // The form (and the focused button) is gone: the confirmation takes the focus.
  useLayoutEffect(() => message.current?.focus(), []);

  return (
    <div className="join-us-done">
      <p ref={message} tabIndex={-1} className="join-us-done__message">
        {t('joinUs.received')}
      </p>
      <p className="join-us-done__tracker">{t('joinUs.trackerId', { trackerId })}</p>
      <p className="muted">{t('joinUs.trackNote')}</p>
      <button type="button" className="button button--primary" onClick={() => navigate('/login')}>
        {t('common.goBack')}
      </button>
    </div>
  );
}
