import { useEffect } from 'react';
import { fetchApplication } from '../../api/applications.api';
import { useOnline } from '../../components/use-online';
import { mirrorServerApplication } from '../../db/application-steps.repository';
import { getDb } from '../../db/db';

/**
 * Online, the server's view of the application (with its co-applicants) is mirrored onto the
 * phone, so a rejection decided elsewhere shows too. The screen renders the phone's data
 * either way: a failed or offline refresh changes nothing.
 */
export function useServerRefresh(serverId: string | undefined, applicationLocalId: string | undefined): void {
  const online = useOnline();
  useEffect(() => {
    if (!serverId || !applicationLocalId || !online) return;
    let active = true;
    fetchApplication(serverId)
      .then(async (answer) => {
        if (active && answer.success && answer.data) await mirrorServerApplication(getDb(), applicationLocalId, answer.data);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [serverId, applicationLocalId, online]);
}
