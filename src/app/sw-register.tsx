import toast from 'react-hot-toast';
import { Workbox } from 'workbox-window';
import { translate } from './i18n/translate';

/**
 * Registers the service worker (production builds only, see main.tsx). A new version waits
 * until the user chooses to reload, so a form in progress is never swapped under them.
 */
export function registerServiceWorker(): void {
  const workbox = new Workbox('/sw.js', { type: 'module' });
  workbox.addEventListener('waiting', () => {
    toast(
      (item) => (
        <span className="update-toast">
          {translate('shell.updateReady')}{' '}
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              toast.dismiss(item.id);
              workbox.addEventListener('controlling', () => window.location.reload());
              workbox.messageSkipWaiting();
            }}
          >
            {translate('shell.reload')}
          </button>
        </span>
      ),
      { duration: Infinity, id: 'sw-update' },
    );
  });
  void workbox.register();
}
