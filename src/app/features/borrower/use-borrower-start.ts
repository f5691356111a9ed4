import { useEffect, useState } from 'react';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { notifyError } from '../../components/notify';
import { readApplicationFromServer } from '../../components/use-application-refresh';
import { isOnline } from '../../components/use-online';
import { readApplication } from '../../db/application-steps.actions';
import { loadFormDraft } from '../../db/drafts.actions';
import type { LocalApplication } from '../../db/records';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { checksFromView, mergeChecks, NO_CHECKS, readChecks, type BorrowerChecks } from './borrower-checks';
import { toBorrowerValues, type BorrowerValues } from './borrower-fields';
import { isObject } from '../../../domain/shared/is-object';

export const BORROWER_FORM = 'borrower';
const FETCH_FAILED = 'Failed to fetch application info. Please try again.';

/** What a draft of the borrower form holds. */
export type BorrowerDraft = { values: BorrowerValues; checks: BorrowerChecks };

export type BorrowerStart =
  | { state: 'loading' }
  | { state: 'invalid' }
  | { state: 'error'; message: string }
  | { state: 'ready'; localId?: string; serverId?: string; initial: BorrowerDraft };

/** The starting values of a new application: the draft of the form not yet tied to one. */
async function startNew(): Promise<BorrowerDraft> {
  const draft = await loadFormDraft(BORROWER_FORM);
  return { values: toBorrowerValues(isObject(draft?.values) ? draft.values : undefined), checks: readChecks(draft?.checks) };
}

/**
 * The starting values of an existing application: its draft on this phone, else what was
 * submitted from this phone, else the server's view. A reviewer's view is the server's.
 */
export function startExisting(app: LocalApplication, draft: Record<string, unknown> | undefined, reviewer: boolean): BorrowerDraft {
  const server = app.server;
  const serverChecks = { ...checksFromView(server), mobile: true };
  const submitted = reviewer ? undefined : app.steps?.[BORROWER_FORM];
  const source = isObject(draft?.values) ? draft.values : (submitted ?? server);
  const values = toBorrowerValues(source);
  if (!values.phone && app.phone) values.phone = app.phone;
  const local = isObject(draft?.values) ? readChecks(draft?.checks) : submitted ? readChecks(submitted.checks) : NO_CHECKS;
  return { values, checks: mergeChecks(local, serverChecks) };
}

/**
 * Resolves the screen's application (the application frame: `?id=`, none for a new one) to its
 * local mirror and the form's starting values. A reviewer (or a phone that has nothing of it
 * yet) reads the server's view first when online; offline the mirror is used.
 */
export function useBorrowerStart(reviewer: boolean): BorrowerStart & { app?: LocalApplication } {
  // The form reads the server's view itself, before it opens (below): no refresh behind it.
  const frame = useApplicationInUrl({ refresh: false });
  const serverId = frame.state === 'absent' || frame.state === 'invalid' ? undefined : frame.serverId;
  const localId = frame.state === 'ready' ? frame.localId : undefined;
  const app = frame.state === 'ready' ? frame.app : undefined;
  const [start, setStart] = useState<{ for: string; value: BorrowerStart; read?: LocalApplication }>();
  const key = `${serverId ?? 'new'}:${localId ?? ''}`;
  const isNew = frame.state === 'absent';

  useEffect(() => {
    if (!isNew) return;
    let active = true;
    startNew().then(
      (initial) => active && setStart({ for: key, value: { state: 'ready', initial } }),
      () =>
        active && setStart({ for: key, value: { state: 'ready', initial: { values: toBorrowerValues(undefined), checks: NO_CHECKS } } }),
    );
    return () => void (active = false);
  }, [isNew, key]);

  useEffect(() => {
    if (!serverId || !localId) return;
    let active = true;
    void (async () => {
      let draft = await loadFormDraft(BORROWER_FORM, localId);
      let current = await readApplication(localId);
      const nothingHere = !draft && !current?.steps?.[BORROWER_FORM] && !current?.server?.name;
      if ((reviewer || nothingHere) && isOnline()) {
        const read = await readApplicationFromServer(serverId, localId);
        if (!read.ok) notifyError(read.message || FETCH_FAILED);
        draft = await loadFormDraft(BORROWER_FORM, localId);
        current = await readApplication(localId);
      }
      if (!active) return;
      if (!current) setStart({ for: key, value: { state: 'error', message: FETCH_FAILED } });
      else
        setStart({
          for: key,
          value: { state: 'ready', localId, serverId, initial: startExisting(current, draft, reviewer) },
          read: current,
        });
    })();
    return () => void (active = false);
    // Once per application: later changes of the mirror do not reset the form.
  }, [serverId, localId, reviewer, key]);

  if (frame.state === 'invalid') return { state: 'invalid' };
  if (frame.state === 'error') {
    const message = frame.error instanceof StorageFullError ? STORAGE_FULL_MESSAGE : FETCH_FAILED;
    return { state: 'error', message };
  }
  // The copy read for the form may be newer than the live one for a moment (the server's view just mirrored).
  const read = start?.for === key ? start.read : undefined;
  const newest = app && read && read.updatedAt > app.updatedAt ? read : (app ?? read);
  return { ...(start?.for === key ? start.value : { state: 'loading' }), app: newest };
}
