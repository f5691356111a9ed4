import { useEffect, useState } from 'react';
import { ensureLocalApplication } from './applications.repository';
import { getDb } from './db';

export type EnsuredApplication = { localId?: string; error?: unknown };

/** The local mirror of an application opened by server id (created if this phone lacks it). */
export function useEnsuredApplication(serverId: string | undefined): EnsuredApplication {
  const [state, setState] = useState<EnsuredApplication & { for?: string }>({});
  useEffect(() => {
    if (!serverId) return;
    let active = true;
    ensureLocalApplication(getDb(), serverId).then(
      (localId) => active && setState({ localId, for: serverId }),
      (error: unknown) => active && setState({ error, for: serverId }),
    );
    return () => {
      active = false;
    };
  }, [serverId]);
  return state.for === serverId ? state : {};
}
