import { useCallback, useEffect, useRef, useState } from 'react';
import type { DisbursementView, Envelope } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { fetchDisbursement } from '../../api/disbursement.api';
import { useOnline } from '../../components/use-online';
import { readApplicationFromServer } from '../../components/use-application-refresh';

/**
 * The payout of an application as the server has it (online only), and `act`, which runs one
 * write with an Idempotency-Key fixed until it gets an answer (a retry of the same tap is a
 * replay), then shows the answer and refreshes the phone's copy of the application (its status).
 */
export function useDisbursement(serverId: string, localId: string) {
  const online = useOnline();
  const [view, setView] = useState<DisbursementView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new Map<string, string>());

  const load = useCallback(async () => {
    try {
      const answer = await fetchDisbursement(serverId);
      if (answer.success) {
        setView(answer.data);
        setError(null);
      } else setError(answer.message ?? null);
    } catch (err) {
      setError(extractErrorMessage(err));
    }
  }, [serverId]);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const act = useCallback(
    async <T>(name: string, run: (key: string) => Promise<Envelope<T>>, after?: (data: T) => void): Promise<boolean> => {
      let key = keys.current.get(name);
      if (!key) keys.current.set(name, (key = crypto.randomUUID()));
      setBusy(true);
      try {
        const answer = await run(key);
        keys.current.delete(name);
        if (!answer.success) {
          setError(answer.message ?? null);
          return false;
        }
        setError(null);
        after?.(answer.data);
        await load();
        await readApplicationFromServer(serverId, localId).catch(() => undefined);
        return true;
      } catch (err) {
        setError(extractErrorMessage(err)); // the key is kept: pressing again replays this tap
        return false;
      } finally {
        setBusy(false);
      }
    },
    [load, serverId, localId],
  );

  return { online, view, error, busy, load, act };
}
