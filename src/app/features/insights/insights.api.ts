import { pathOf, type Envelope } from '../../../domain';
import type { Insights } from '../../../domain/ops/insights';
import { INSIGHTS_ROUTES } from '../../../domain/routes/insights.table';
import { mainApi } from '../../api/clients';
import { requestEnvelope } from '../../api/envelope';

export type InsightsRequest = { from: string; to: string; officer: string };

const paramsOf = (q: InsightsRequest) => ({ from: q.from, to: q.to, ...(q.officer ? { officer: q.officer } : {}) });

/** GET /api/v1/insights: the branch pipeline of a range (issue 36); online only. */
export function fetchInsights(q: InsightsRequest): Promise<Envelope<Insights>> {
  return requestEnvelope(mainApi.get(pathOf(INSIGHTS_ROUTES.figures), { params: paramsOf(q) }));
}

/** The export as a file the browser saves (its name from the server's content-disposition). */
export async function downloadInsights(q: InsightsRequest, format: 'xlsx' | 'csv'): Promise<void> {
  const answer = await mainApi.get<Blob>(pathOf(INSIGHTS_ROUTES.export), { params: { ...paramsOf(q), format }, responseType: 'blob' });
  const disposition = String(answer.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `insights.${format}`;
  const url = URL.createObjectURL(answer.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
