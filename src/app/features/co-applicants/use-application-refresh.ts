import { useEffect, useRef } from 'react';
import { fetchApplication } from '../../api/applications.api';
import { useOnline } from '../../components/use-online';
import { mirrorServerApplication } from '../../db/application-steps.repository';
import { getDb } from '../../db/db';

/**
 * Once per screen when online: the server's view of the application and its co-applicants into
 * the phone's tables (records with a submit still queued keep their local values). The screen
 * shows the phone's tables first; a failure leaves them as they are.
 */
export function useApplicationRefresh(serverId: string | undefined, applicationLocalId: string | undefined) {
  const online = useOnline();
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!online || !serverId || !applicationLocalId || done.current === serverId) return;
    done.current = serverId;
    fetchApplication(serverId).then(
      (answer) => (answer.success && answer.data ? mirrorServerApplication(getDb(), applicationLocalId, answer.data) : undefined),
      (error: unknown) => console.error('Failed to fetch application info', error),
    );
  }, [online, serverId, applicationLocalId]);
}
