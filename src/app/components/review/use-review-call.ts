import { useCallback, useState } from 'react';
import type { Envelope } from '../../../domain';
import type { ApplicationView } from '../../api/applications.api';
import { extractErrorMessage } from '../../api/error-message';
import { decideDeviation, moveApplication, resubmitApplication, type DeviationDecision } from '../../api/review.api';
import { updateSeenApplication } from '../../db/application-list.actions';
import { mirrorApplication } from '../../db/application-steps.actions';
import { newIdempotencyKey } from '../../db/ids';
import { useProfile } from '../../session/use-session';
import { readApplicationFromServer } from '../use-application-refresh';

export type ReviewCall =
  | { kind: 'move'; status: string; remarks?: string }
  | { kind: 'resubmit'; remarks?: string }
  | { kind: 'deviation'; decision: DeviationDecision };

/** What a review call answered: the new status, or the server's message (403, 409...). */
export type ReviewOutcome = { ok: true; status: string | undefined } | { ok: false; message: string };

function send(serverId: string, call: ReviewCall, key: string): Promise<Envelope<ApplicationView>> {
  if (call.kind === 'move')
    return moveApplication(serverId, { status: call.status, ...(call.remarks ? { remarks: call.remarks } : {}) }, key);
  if (call.kind === 'resubmit') return resubmitApplication(serverId, call.remarks ? { remarks: call.remarks } : {}, key);
  return decideDeviation(serverId, call.decision, key);
}

/**
 * The reviewers' calls (online only, never queued: DECISIONS "Needs connection"): a status
 * move, the officer's resubmit, a deviation decision. The answer (the application view) is
 * mirrored onto the phone, then the application is read again with its co-applicants, and the
 * list row this user saw is updated. One call at a time; a retry of the same call after a
 * lost answer (no response) reuses its idempotency key, so a move that did reach the server is
 * not made twice; after any answer the next try is a new request.
 */
export function useReviewCall(serverId: string, applicationLocalId: string) {
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ body: string; key: string } | null>(null);

  const run = useCallback(
    async (call: ReviewCall): Promise<ReviewOutcome> => {
      const body = JSON.stringify(call);
      const key = pending?.body === body ? pending.key : newIdempotencyKey();
      setPending({ body, key });
      setBusy(true);
      try {
        const answer = await send(serverId, call, key);
        // The server answered: a later try is a new request (a replay would repeat a refusal).
        setPending(null);
        if (!answer.success) return { ok: false, message: answer.message || extractErrorMessage(answer) };
        const view = answer.data as Record<string, unknown> | undefined;
        if (view && typeof view === 'object') await mirrorApplication(applicationLocalId, view);
        await readApplicationFromServer(serverId, applicationLocalId);
        const status = typeof view?.status === 'string' ? view.status : undefined;
        if (profile.id > 0 && status) {
          const updated = typeof view?.updated_at === 'string' ? { updated_at: view.updated_at } : {};
          const resubmitted = { resubmitted: status === 'PD1_REVIEW' && typeof view?.resubmitted_at === 'string' };
          await updateSeenApplication(String(profile.id), serverId, { status, ...updated, ...resubmitted }).catch(() => {});
        }
        return { ok: true, status };
      } catch (error) {
        return { ok: false, message: extractErrorMessage(error) };
      } finally {
        setBusy(false);
      }
    },
    [serverId, applicationLocalId, pending, profile.id],
  );

  return { run, busy };
}
