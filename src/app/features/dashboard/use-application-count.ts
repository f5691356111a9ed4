import { useEffect, useState } from 'react';
import { fetchApplicationCount } from '../../api/user.api';
import { extractErrorMessage } from '../../api/error-message';
import { isHttpError } from '../../api/http-client';
import { notifyError } from '../../components/notify';
import { isOnline } from '../../components/use-online';
import { getCachedCount, setCachedCount } from '../../session/session.storage';

export type CountState = { count: number | null; stale: boolean };

/**
 * The applications count: the last known one at once, then the server's. Offline (or no
 * answer at all) keeps the last known count, marked stale, rather than showing an error.
 */
export function useApplicationCount(): CountState {
  const [state, setState] = useState<CountState>(() => ({ count: getCachedCount(), stale: true }));

  useEffect(() => {
    let active = true;
    if (!isOnline()) return;
    fetchApplicationCount()
      .then((answer) => {
        if (!active) return;
        if (answer.success && typeof answer.data?.count === 'number') {
          setCachedCount(answer.data.count);
          setState({ count: answer.data.count, stale: false });
        } else if (!answer.success && answer.status_code !== 401) {
          notifyError(answer.message || extractErrorMessage(answer));
        }
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (isHttpError(error) && !error.response) return; // no connection after all: keep the cached count
        notifyError(extractErrorMessage(error));
      });
    return () => {
      active = false;
    };
  }, []);

  return state;
}
