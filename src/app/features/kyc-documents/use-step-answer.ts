import { useEffect, useState } from 'react';
import { useOnline } from '../../components/use-online';
import { useOutboxEntry } from '../../db/outbox.hooks';

/** How long Next waits online for the server's answer before moving on (it lands later anyway). */
export const ANSWER_WAIT_MS = 20_000;

export type StepAnswer =
  | { kind: 'idle' }
  /** Queued and being sent: wait. */
  | { kind: 'waiting' }
  /** The server answered: its view is on the local application. */
  | { kind: 'answered' }
  /** Offline, retrying or slow: move on, the answer shows on the application later. */
  | { kind: 'queued' }
  /** The server refused it (4xx): the item is parked with this message. */
  | { kind: 'refused'; message: string };

/**
 * After a step's submit (DECISIONS "Offline rules"): follows its outbox entry (`seq`) until the
 * server answered (the entry is gone, its answer written to the application in the same
 * transaction), refused it, or it is clear the answer will come later.
 */
export function useStepAnswer(seq: number | null, waitMs = ANSWER_WAIT_MS): StepAnswer {
  const online = useOnline();
  const entry = useOutboxEntry(seq);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    setTimedOut(false);
    if (seq === null) return;
    const timer = setTimeout(() => setTimedOut(true), waitMs);
    return () => clearTimeout(timer);
  }, [seq, waitMs]);

  if (seq === null) return { kind: 'idle' };
  if (entry === null) return { kind: 'answered' };
  if (entry?.state === 'needs_attention') return { kind: 'refused', message: entry.lastError ?? '' };
  if (!online || timedOut || entry?.state === 'retrying') return { kind: 'queued' };
  return { kind: 'waiting' };
}
