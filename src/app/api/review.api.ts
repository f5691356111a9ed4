import { APPLICATION_ROUTES, pathOf, TRACK_ROUTES, type ApplicationListPage, type Envelope, type TrackAnswer } from '../../domain';
import type { ApplicationView } from './applications.api';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** The list's rows and page (`GET /api/v1/app/mfi`), as the domain declares them for the server. */
export type { ApplicationListItem, ApplicationListPage } from '../../domain';

/** A dashboard figure's applications (insights.ts figureFilter): figure, from, to, officer. */
export type ListFigure = { figure: string; from?: string; to?: string; officer?: string };
export type ListQuery = { page: number; size: number; search?: string; status?: string; all?: boolean; figure?: ListFigure | null };

/** The caller's queue (no status), or every application they may see (`queue=all`); pages from 0. */
export function listApplications(query: ListQuery): Promise<Envelope<ApplicationListPage>> {
  const params: Record<string, string | number> = { size: query.size, page: query.page };
  if (query.search) params.search_by = query.search;
  if (query.status) params.status = query.status;
  if (query.all) params.queue = 'all';
  if (query.figure) {
    params.queue = 'all';
    for (const [key, value] of Object.entries(query.figure)) if (value) params[key] = value;
  }
  return requestEnvelope(mainApi.get(pathOf(APPLICATION_ROUTES.list), { params }));
}

/** The status move of the review workflow; answers the application view. */
export function moveApplication(id: string, body: { status: string; remarks?: string }, key: string): Promise<Envelope<ApplicationView>> {
  return requestEnvelope(mainApi.patch(pathOf(APPLICATION_ROUTES.update, { id }), body, { headers: { 'Idempotency-Key': key } }));
}

/** The officer's resubmit after a PD1 review. */
export function resubmitApplication(id: string, body: { remarks?: string }, key: string): Promise<Envelope<ApplicationView>> {
  return requestEnvelope(mainApi.post(pathOf(APPLICATION_ROUTES.resubmit, { id }), body, { headers: { 'Idempotency-Key': key } }));
}

export type DeviationDecision = { type: string; co_applicant_id?: string; decision: 'APPROVED' | 'REJECTED'; remarks: string };

/** The branch manager's decision on a deviation. */
export function decideDeviation(id: string, body: DeviationDecision, key: string): Promise<Envelope<ApplicationView>> {
  return requestEnvelope(mainApi.patch(pathOf(APPLICATION_ROUTES.deviation, { id }), body, { headers: { 'Idempotency-Key': key } }));
}

export type { TrackAnswer } from '../../domain';

/** Public: the status in words of an application by its tracker id. */
export function trackApplication(trackerId: string): Promise<Envelope<TrackAnswer>> {
  return requestEnvelope(mainApi.get(pathOf(TRACK_ROUTES.track), { params: { tracker_id: trackerId } }));
}
