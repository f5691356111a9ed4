import { useEffect, useRef } from 'react';
import { fetchApplication } from '../api/applications.api';
import { extractErrorMessage } from '../api/error-message';
import { mirrorApplication } from '../db/application-steps.actions';
import { useLocalApplication } from '../db/application-steps.hooks';
import { useOnline } from './use-online';

/** `failed`: the request did not get an answer (worth trying again); a refusal is an answer. */
export type ServerRead = { ok: true } | { ok: false; message: string; failed: boolean };

/**
 * The one way a screen reads an application from the server: online only, and what the server
 * answers is mirrored onto the phone (the screen then renders the phone's copy, live). Never
 * throws: a refusal or a failed request comes back with its message.
 */
export async function readApplicationFromServer(serverId: string, applicationLocalId: string): Promise<ServerRead> {
  try {
    const answer = await fetchApplication(serverId);
    if (!answer.success) return { ok: false, message: answer.message, failed: false };
    if (answer.data) await mirrorApplication(applicationLocalId, answer.data as Record<string, unknown>);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: extractErrorMessage(error), failed: true };
  }
}

/**
 * Once per screen, online and with nothing of the application still waiting on this phone, the
 * server's view of it (with its co-applicants and family members) is mirrored onto the phone: a
 * rejection decided elsewhere, a reviewer opening it, a member added on another phone. Waiting
 * for the queue keeps the server's older stage from overwriting a step just queued here. The
 * screen renders the phone's data either way: a failed or offline refresh changes nothing.
 */
export function useApplicationRefresh(serverId: string | undefined, applicationLocalId: string | undefined): void {
  const online = useOnline();
  const app = useLocalApplication(applicationLocalId);
  const settled = app !== undefined && app.syncState !== 'pending';
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!online || !settled || !serverId || !applicationLocalId || done.current === serverId) return;
    done.current = serverId;
    void readApplicationFromServer(serverId, applicationLocalId).then((read) => {
      if (!read.ok && read.failed) done.current = null; // try again on the next chance (back online, next visit)
    });
  }, [online, settled, serverId, applicationLocalId]);
}
