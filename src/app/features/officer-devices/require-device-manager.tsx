import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import { canManageDevices } from '../../session/roles';
import { useProfile } from '../../session/use-session';

/** The officers' devices are a branch manager's: anyone else goes to / (replace). */
export function RequireDeviceManager({ children }: { children: ReactNode }) {
  const { t } = useT();
  const profile = useProfile();
  if (profile.id < 0) return <p className="route-loading">{t('common.loading')}</p>;
  if (!canManageDevices(profile)) return <Navigate to="/" replace />;
  return children;
}
