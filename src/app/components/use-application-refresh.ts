import { useEffect, useRef } from 'react';
import { fetchApplication } from '../api/applications.api';
import { mirrorServerApplication } from '../db/application-steps.repository';
import { useLocalApplication } from '../db/application-steps.hooks';
import { getDb } from '../db/db';
import { useOnline } from './use-online';

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
    fetchApplication(serverId).then(
      (answer) => (answer.success && answer.data ? mirrorServerApplication(getDb(), applicationLocalId, answer.data) : undefined),
      () => {
        done.current = null; // try again on the next chance (back online, next visit)
      },
    );
  }, [online, settled, serverId, applicationLocalId]);
}
