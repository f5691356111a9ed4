import { useSearchParams } from 'react-router-dom';
import { LIST_STATUS_FILTERS } from '../../../domain';

/** What the applications list shows (spec 02 §7), kept in the URL: search, status, all or the queue, page, a dashboard figure. */
export type ListQuery = ReturnType<typeof useListQuery>;

/** The list's query read from the URL, and `show`, which writes a change of it there (any change but a page's goes to the first page). */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const status = (LIST_STATUS_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : '';
  const all = params.get('all') === '1';
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  // A figure of the dashboard (#/insights): its applications, with the range and officer it was counted for.
  const figureText = params.get('figure');
  const figure = figureText
    ? {
        figure: figureText,
        from: params.get('from') ?? undefined,
        to: params.get('to') ?? undefined,
        officer: params.get('officer') ?? undefined,
      }
    : null;
  const show = (next: Partial<{ q: string; status: string; all: boolean; page: number; figure: null }>) => {
    const merged = { q: search, status, all, page: 0, figure, ...next };
    setParams(
      {
        ...(merged.figure ? Object.fromEntries(Object.entries(merged.figure).filter(([, v]) => v)) : {}),
        ...(merged.q ? { q: merged.q } : {}),
        ...(merged.status ? { status: merged.status } : {}),
        ...(merged.all ? { all: '1' } : {}),
        ...(merged.page > 0 ? { page: String(merged.page) } : {}),
      },
      { replace: true },
    );
  };

  return { search, status, all, page, figure, show };
}
