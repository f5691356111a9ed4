import { Link } from 'react-router-dom';
import { useFeatureT } from '../../i18n/feature-text';
import { RequireDeviceManager } from './require-device-manager';
import { fullName, useStaff } from './use-officer-devices';
import { officerDevicesText } from './officer-devices.text';

/** /officers: the branch manager's list of the officers whose devices they may mark lost. */
export function OfficersScreen() {
  return (
    <RequireDeviceManager>
      <OfficerList />
    </RequireDeviceManager>
  );
}

function OfficerList() {
  const { t, tm } = useFeatureT(officerDevicesText);
  const { data, error, loading, reload } = useStaff();

  return (
    <section className="partners devices-screen" aria-labelledby="officers-title" aria-busy={loading}>
      <h1 id="officers-title">{t('officers.title')}</h1>
      <p className="muted">{t('officers.intro')}</p>
      {error ? (
        <div className="partners__error">
          <p role="alert" className="form-error">
            {t('officers.loadFailed')} {tm(error)}
          </p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('officers.retry')}
          </button>
        </div>
      ) : loading && !data ? (
        <p className="route-loading">{t('common.loading')}</p>
      ) : data && data.length > 0 ? (
        <ul className="partner-list">
          {data.map((member) => (
            <li key={member.id} className="partner-item">
              <Link to={`/officers/${member.id}`} className="partner-item__name">
                {fullName(member)}
              </Link>
              <p className="muted">
                {t(`role.${member.designation}` as const)} · {member.mobile}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('officers.empty')}</p>
      )}
    </section>
  );
}
