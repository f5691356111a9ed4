import { useEffect, useRef } from 'react';
import { fetchApplication } from '../../api/applications.api';
import { useOnline } from '../../components/use-online';
import { mirrorServerApplication } from '../../db/application-steps.repository';
import { getDb } from '../../db/db';
import type { LocalApplication } from '../../db/records';

/**
 * Once per screen, online and with nothing of the application waiting on this phone: the
 * server's view into the local mirror (a reviewer opening an application, another phone's work).
 * Failures are left alone: the screen already shows what the phone has.
 */
export function useApplicationRefresh(serverId: string | undefined, app: LocalApplication | undefined) {
  const online = useOnline();
  const done = useRef<string | null>(null);
  const ready = !!serverId && !!app && app.syncState === 'synced';
  const localId = app?.localId;

  useEffect(() => {
    if (!ready || !online || !serverId || !localId || done.current === serverId) return;
    done.current = serverId;
    fetchApplication(serverId).then(
      (answer) => (answer.success && answer.data ? mirrorServerApplication(getDb(), localId, answer.data) : undefined),
      (error: unknown) => console.error('Failed to fetch application info', error),
    );
  }, [ready, online, serverId, localId]);
}
