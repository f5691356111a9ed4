import { useState } from 'react';
import { MSG, type DeviceMarkedLost } from '../../../domain';
import { markDeviceLost } from '../../api/devices.api';
import { extractErrorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { NeedsConnection } from '../../components/needs-connection';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { deviceCode } from './use-officer-devices';
import { officerDevicesText } from './officer-devices.text';

export type MarkedLost = DeviceMarkedLost;

type MarkLostButtonProps = { userId: number; device: string; name: string; onMarked: (outcome: MarkedLost) => void };

/** "Mark lost", after a confirmation that says what the phone loses; the server's refusal is shown under it. */
export function MarkLostButton({ userId, device, name, onMarked }: MarkLostButtonProps) {
  const { t, tm } = useFeatureT(officerDevicesText);
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const code = deviceCode(device);
  const offlineId = `mark-lost-offline-${device}`;

  const mark = async () => {
    setAsking(false);
    setBusy(true);
    setError(null);
    try {
      const answer = await markDeviceLost(userId, device);
      if (answer.success) onMarked(answer.data);
      else setError(answer.message || MSG.somethingWentWrong);
    } catch (caught) {
      setError(extractErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="device-item__actions">
      <button
        type="button"
        className="button button--danger"
        disabled={busy || !online}
        aria-label={t('devices.markLostLabel', { code })}
        aria-describedby={online ? undefined : offlineId}
        onClick={() => setAsking(true)}
      >
        {t('devices.markLost')}
      </button>
      {!online && <NeedsConnection id={offlineId} />}
      {error && (
        <p role="alert" className="form-error">
          {tm(error)}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('devices.confirmTitle')}
          message={t('devices.confirmBody', { name, code })}
          detail={t('devices.confirmDetail', { name })}
          confirmLabel={t('devices.markLost')}
          onCancel={() => setAsking(false)}
          onConfirm={() => void mark()}
        />
      )}
    </div>
  );
}
