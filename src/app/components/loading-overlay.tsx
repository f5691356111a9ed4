import { useT } from '../i18n/use-t';
import { useLoading } from './loading.store';

/** Full-screen dimmed spinner; the shell makes the content inert while it shows. */
export function LoadingOverlay() {
  const { t } = useT();
  const loading = useLoading();
  return (
    <div role="status" aria-live="polite" className={loading ? 'loading-overlay' : 'visually-hidden'}>
      {loading && (
        <>
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </>
      )}
    </div>
  );
}
