import { useCallback, useEffect, useState } from 'react';
import { LIMITS } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { isHttpError } from '../../api/http-client';
import { listApplications, type ApplicationListItem, type ListFigure } from '../../api/review.api';
import { useOnline } from '../../components/use-online';
import { keepSeenApplications, readSeenApplications } from '../../db/application-list.actions';

export type ListFilters = { search: string; status: string; all: boolean; page: number; figure?: ListFigure | null };

/** What the hook answers for a dashboard figure offline: the phone cannot tell which applications it holds. */
export const FIGURE_NEEDS_CONNECTION = 'figure-needs-connection';

export type ListPage = {
  list: ApplicationListItem[];
  total_pages: number;
  total_elements: number;
  /** Where the page came from: the server, or this phone's copy (offline, or no answer). */
  source: 'server' | 'device';
  /** Why the phone's copy is shown. */
  deviceReason?: 'offline' | 'unreachable';
};

export type ListState = { page: ListPage | null; loading: boolean; error: string | null };

/**
 * A page of the applications list: the server's when online (its rows kept on the phone for
 * this user), else the rows this user has already seen on this phone, searched and paged the
 * same way. A refusal of the server (4xx) is an error to show; no answer at all falls back to
 * the phone's rows.
 */
export function useApplicationsPage(filters: ListFilters, owner: string) {
  const online = useOnline();
  const [state, setState] = useState<ListState & { for?: string }>({ page: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([filters, owner, online, attempt]);

  useEffect(() => {
    let active = true;
    const size = LIMITS.pageSize;
    const fromDevice = async (reason: 'offline' | 'unreachable') => {
      const rows = await readSeenApplications({ owner, page: filters.page, size, search: filters.search, status: filters.status });
      if (active) setState({ page: { ...rows, source: 'device', deviceReason: reason }, loading: false, error: null, for: key });
    };
    setState((previous) => ({ ...previous, loading: true, error: null }));
    if (!online && filters.figure) {
      setState({ page: null, loading: false, error: FIGURE_NEEDS_CONNECTION, for: key });
      return () => void (active = false);
    }
    if (!online) {
      void fromDevice('offline').catch(
        (error: unknown) => active && setState({ page: null, loading: false, error: extractErrorMessage(error) }),
      );
      return () => void (active = false);
    }
    listApplications({ page: filters.page, size, search: filters.search, status: filters.status, all: filters.all, figure: filters.figure })
      .then(async (answer) => {
        if (!active) return;
        if (!answer.success || !answer.data) {
          setState({ page: null, loading: false, error: answer.success ? '' : answer.message, for: key });
          return;
        }
        const data = answer.data;
        setState({ page: { ...data, list: data.list ?? [], source: 'server' }, loading: false, error: null, for: key });
        await keepSeenApplications(owner, data.list ?? []).catch(() => {});
      })
      .catch(async (error: unknown) => {
        if (!active) return;
        if (isHttpError(error) && !error.response && !filters.figure) return fromDevice('unreachable');
        setState({ page: null, loading: false, error: extractErrorMessage(error), for: key });
      });
    return () => void (active = false);
    // `key` stands for every input.
  }, [key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
