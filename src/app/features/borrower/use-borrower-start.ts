import { useEffect, useState } from 'react';
import { PATTERNS } from '../../../domain';
import { fetchApplication } from '../../api/applications.api';
import { extractErrorMessage } from '../../api/error-message';
import { mirrorServerApplication } from '../../db/application-steps.repository';
import { useLocalApplication } from '../../db/application-steps.hooks';
import { useEnsuredApplication } from '../../db/applications.hooks';
import { getDb } from '../../db/db';
import { loadDraft } from '../../db/drafts.repository';
import type { LocalApplication } from '../../db/records';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { isOnline } from '../../components/use-online';
import { notifyError } from '../../components/notify';
import { checksFromView, mergeChecks, NO_CHECKS, readChecks, type BorrowerChecks } from './borrower-checks';
import { toBorrowerValues, type BorrowerValues } from './borrower-fields';

export const BORROWER_FORM = 'borrower';
const FETCH_FAILED = 'Failed to fetch application info. Please try again.';

/** What a draft of the borrower form holds. */
export type BorrowerDraft = { values: BorrowerValues; checks: BorrowerChecks };

export type BorrowerStart =
  | { state: 'loading' }
  | { state: 'invalid' }
  | { state: 'error'; message: string }
  | { state: 'ready'; localId?: string; serverId?: string; initial: BorrowerDraft };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The starting values of a new application: the draft of the form not yet tied to one. */
async function startNew(): Promise<BorrowerDraft> {
  const draft = await loadDraft(getDb(), BORROWER_FORM);
  return { values: toBorrowerValues(isRecord(draft?.values) ? draft.values : undefined), checks: readChecks(draft?.checks) };
}

/**
 * The starting values of an existing application: its draft on this phone, else what was
 * submitted from this phone, else the server's view. A reviewer's view is the server's.
 */
export function startExisting(app: LocalApplication, draft: Record<string, unknown> | undefined, reviewer: boolean): BorrowerDraft {
  const server = app.server;
  const serverChecks = { ...checksFromView(server), mobile: true };
  const submitted = reviewer ? undefined : app.steps?.[BORROWER_FORM];
  const source = isRecord(draft?.values) ? draft.values : (submitted ?? server);
  const values = toBorrowerValues(source);
  if (!values.phone && app.phone) values.phone = app.phone;
  const local = isRecord(draft?.values) ? readChecks(draft?.checks) : submitted ? readChecks(submitted.checks) : NO_CHECKS;
  return { values, checks: mergeChecks(local, serverChecks) };
}

/**
 * Resolves the screen's application (`?id=`, none for a new one) to its local mirror and the
 * form's starting values. A reviewer (or a phone that has nothing of it yet) reads the server's
 * view first when online; offline the mirror is used.
 */
export function useBorrowerStart(idParam: string | null, reviewer: boolean): BorrowerStart & { app?: LocalApplication } {
  const serverId = idParam && PATTERNS.applicationId.test(idParam) ? idParam : undefined;
  const invalid = !!idParam && !serverId;
  const ensured = useEnsuredApplication(serverId);
  const app = useLocalApplication(ensured.localId);
  const [start, setStart] = useState<{ for: string; value: BorrowerStart }>();
  const key = `${serverId ?? 'new'}:${ensured.localId ?? ''}`;
  const appLoaded = app !== undefined;

  useEffect(() => {
    if (invalid || serverId) return;
    let active = true;
    startNew().then(
      (initial) => active && setStart({ for: key, value: { state: 'ready', initial } }),
      () => active && setStart({ for: key, value: { state: 'ready', initial: { values: toBorrowerValues(undefined), checks: NO_CHECKS } } }),
    );
    return () => void (active = false);
  }, [invalid, serverId, key]);

  useEffect(() => {
    const localId = ensured.localId;
    if (!serverId || !localId || !appLoaded) return;
    let active = true;
    void (async () => {
      const db = getDb();
      let draft = await loadDraft(db, BORROWER_FORM, localId);
      let current = await db.applications.get(localId);
      const nothingHere = !draft && !current?.steps?.[BORROWER_FORM] && !current?.server?.name;
      if ((reviewer || nothingHere) && isOnline()) {
        try {
          const answer = await fetchApplication(serverId);
          if (answer.success) await mirrorServerApplication(db, localId, answer.data as Record<string, unknown>);
          else notifyError(answer.message || FETCH_FAILED);
        } catch (error) {
          notifyError(extractErrorMessage(error) || FETCH_FAILED);
        }
        draft = await loadDraft(db, BORROWER_FORM, localId);
        current = await db.applications.get(localId);
      }
      if (!active) return;
      if (!current) setStart({ for: key, value: { state: 'error', message: FETCH_FAILED } });
      else setStart({ for: key, value: { state: 'ready', localId, serverId, initial: startExisting(current, draft, reviewer) } });
    })();
    return () => void (active = false);
    // Once per application: later changes of the mirror do not reset the form.
  }, [serverId, ensured.localId, appLoaded, reviewer, key]);

  if (invalid) return { state: 'invalid' };
  if (ensured.error) {
    const message = ensured.error instanceof StorageFullError ? STORAGE_FULL_MESSAGE : FETCH_FAILED;
    return { state: 'error', message };
  }
  return { ...(start?.for === key ? start.value : { state: 'loading' }), app };
}
