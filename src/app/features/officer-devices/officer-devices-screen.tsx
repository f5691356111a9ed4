import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { deviceName, type DeviceLoss, type UserDevice } from '../../../domain';
import { formatDateTime } from '../../components/format-time';
import { useFeatureT, type FeatureTranslator } from '../../i18n/feature-text';
import { MarkLostButton, type MarkedLost } from './mark-lost-button';
import { RequireDeviceManager } from './require-device-manager';
import { deviceCode, fullName, useStaff, useUserDevices } from './use-officer-devices';
import { officerDevicesText, type OfficerDevicesKey } from './officer-devices.text';

/** /officers/:id: one officer's devices (signed in, last used, live), each live one with "Mark lost". */
export function OfficerDevicesScreen() {
  return (
    <RequireDeviceManager>
      <OfficerDevices />
    </RequireDeviceManager>
  );
}

/** How often the screen asks again for the counts of a phone just marked lost. */
const LOSS_POLL_MS = 3_000;

/** A marked device's last delivery: waiting for it, under way, or done with what the phone reported lost. */
function lossText(t: FeatureTranslator<OfficerDevicesKey>['t'], lost: DeviceLoss): string {
  if (lost.wiped_at) return t('devices.lostWiped', { received: lost.received, unsent: lost.unsent ?? 0 });
  if (lost.contact_at) return t('devices.lostReceiving', { received: lost.received });
  return t('devices.lostWaiting');
}

function when(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(ms);
}

function OfficerDevices() {
  const { t, tm } = useFeatureT(officerDevicesText);
  const { id = '' } = useParams();
  const userId = Number(id);
  const staff = useStaff();
  const officer = staff.data?.find((member) => member.id === userId);
  const devices = useUserDevices(userId);
  const [result, setResult] = useState<MarkedLost | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);

  // The button is gone with the device's live session: the focus goes to the result.
  useLayoutEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  // Until the phone marked lost here reports its wipe, its counts are read again every few seconds.
  const lost = result ? devices.data?.find((d) => d.device === result.device)?.lost : undefined;
  const reportPending = !!result && result.revoked_sessions > 0 && !lost?.wiped_at;
  const { reload } = devices;
  useEffect(() => {
    if (!reportPending) return;
    const timer = window.setInterval(reload, LOSS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [reportPending, reload]);

  const back = (
    <Link to="/officers" className="back-button">
      <span aria-hidden="true">←</span> {t('officers.back')}
    </Link>
  );
  const error = staff.error ?? devices.error;
  if (error || (staff.data && !officer)) {
    return (
      <section className="partners devices-screen">
        {back}
        <p role="alert" className="form-error">
          {error ? `${t('devices.loadFailed')} ${tm(error)}` : t('devices.notFound')}
        </p>
        {error && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              staff.reload();
              devices.reload();
            }}
          >
            {t('officers.retry')}
          </button>
        )}
      </section>
    );
  }
  if (!officer || !devices.data) {
    return (
      <section className="partners devices-screen" aria-busy="true">
        {back}
        <p className="route-loading">{t('common.loading')}</p>
      </section>
    );
  }

  const name = fullName(officer);
  const marked = (outcome: MarkedLost) => {
    setResult(outcome);
    devices.reload();
  };
  const resultText = (outcome: MarkedLost) => {
    const code = deviceCode(outcome.device);
    if (outcome.revoked_sessions === 0) return t('devices.markedNone', { code });
    return t('devices.marked', { code, count: outcome.revoked_sessions });
  };

  return (
    <section className="partners devices-screen" aria-labelledby="officer-devices-title" aria-busy={devices.loading}>
      {back}
      <h1 id="officer-devices-title">{t('devices.title', { name })}</h1>
      <p className="muted">
        {t(`role.${officer.designation}` as const)} · {officer.mobile}
      </p>
      <p ref={resultRef} tabIndex={-1} role="status" className={result ? 'device-result' : 'visually-hidden'}>
        {result ? resultText(result) : ''}
        {result && lost ? ` ${lossText(t, lost)}` : ''}
      </p>
      {devices.data.length === 0 ? (
        <p className="muted">{t('devices.empty')}</p>
      ) : (
        <ul className="partner-list" aria-labelledby="officer-devices-title">
          {devices.data.map((device) => (
            <DeviceItem key={device.device} device={device} userId={userId} name={name} onMarked={marked} />
          ))}
        </ul>
      )}
    </section>
  );
}

type DeviceItemProps = { device: UserDevice; userId: number; name: string; onMarked: (outcome: MarkedLost) => void };

function DeviceItem({ device, userId, name, onMarked }: DeviceItemProps) {
  const { t } = useFeatureT(officerDevicesText);
  const code = deviceCode(device.device);
  const headingId = `device-${device.device}`;
  return (
    <li className="partner-item device-item" aria-labelledby={headingId}>
      <div className="partner-item__top">
        <h2 id={headingId} className="device-item__name">
          {device.label ? deviceName(device.label, code) : t('devices.device', { code })}
        </h2>
        <span className="status-badge" data-status={device.live ? 'LIVE' : 'ENDED'}>
          {device.live ? t('devices.live') : t('devices.ended')}
        </span>
      </div>
      <dl className="partner-details device-item__times">
        <div>
          <dt>{t('devices.signedIn')}</dt>
          <dd>{when(device.signed_in_at)}</dd>
        </div>
        <div>
          <dt>{t('devices.lastUsed')}</dt>
          <dd>{when(device.last_used_at)}</dd>
        </div>
      </dl>
      {device.lost && <p className="muted device-item__loss">{lossText(t, device.lost)}</p>}
      {device.live && <MarkLostButton userId={userId} device={device.device} name={name} onMarked={onMarked} />}
    </li>
  );
}
