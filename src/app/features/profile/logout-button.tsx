import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { countUnsyncedHere } from '../../db/outbox.actions';
import { useFeatureT } from '../../i18n/feature-text';
import { logout } from '../../session/logout';
import { profileText } from './profile.text';

/**
 * Logout. With items not yet synced it asks first; either way it clears the session only:
 * drafts, files and the outbox stay on the phone and send after the next sign-in.
 */
export function LogoutButton() {
  const { t } = useFeatureT(profileText);
  const navigate = useNavigate();
  const [pending, setPending] = useState<number | null>(null);

  const signOut = async () => {
    setPending(null);
    await logout();
    navigate('/login', { replace: true });
  };

  const onClick = async () => {
    const count = await countUnsyncedHere();
    if (count > 0) setPending(count);
    else await signOut();
  };

  return (
    <>
      <button type="button" className="button button--danger" onClick={() => void onClick()}>
        {t('profile.logout')}
      </button>
      {pending !== null && (
        <ConfirmDialog
          title={t('logout.title')}
          message={t('logout.unsynced', { count: pending })}
          confirmLabel={t('logout.confirm')}
          onConfirm={() => void signOut()}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}
