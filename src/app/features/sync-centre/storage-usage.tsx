import { formatBytes } from '../../components/format-time';
import { useFeatureT } from '../../i18n/feature-text';
import { STORAGE_WARNING_RATIO, useStorageEstimate } from './use-storage-estimate';
import { syncCentreText } from './sync-centre.text';

/** Storage used against the quota, with a warning above 90%. */
export function StorageUsage({ refresh }: { refresh: unknown }) {
  const { t } = useFeatureT(syncCentreText);
  const estimate = useStorageEstimate(refresh);
  if (estimate === undefined) return null;
  const ratio = estimate ? estimate.usage / estimate.quota : 0;
  return (
    <section className="sync-storage" aria-labelledby="sync-storage-title">
      <h2 id="sync-storage-title">{t('sync.storage')}</h2>
      {estimate ? (
        <>
          <meter
            className="sync-storage__meter"
            min={0}
            max={estimate.quota}
            value={estimate.usage}
            high={estimate.quota * STORAGE_WARNING_RATIO}
            aria-labelledby="sync-storage-title"
          />
          <p>
            {t('sync.storageUsed', {
              used: formatBytes(estimate.usage),
              quota: formatBytes(estimate.quota),
              percent: Math.round(ratio * 100),
            })}
          </p>
          {ratio > STORAGE_WARNING_RATIO && (
            <p className="form-error" role="alert">
              {t('sync.storageWarning')}
            </p>
          )}
        </>
      ) : (
        <p className="muted">{t('sync.storageUnknown')}</p>
      )}
    </section>
  );
}
