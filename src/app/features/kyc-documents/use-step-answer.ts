import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../components/use-online';
import { useOutbox } from '../../db/outbox.hooks';

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
 * After a step's submit (DECISIONS "Offline rules"): follows its outbox entry, the one queued at
 * `submittedAt` whose URL contains `urlPart`, until the server answered, refused, or it is clear
 * the answer will come later.
 */
export function useStepAnswer(applicationLocalId: string | undefined, urlPart: string, submittedAt: number | null, waitMs = ANSWER_WAIT_MS): StepAnswer {
  const online = useOnline();
  const groups = useOutbox();
  const seen = useRef(false);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    seen.current = false;
    setTimedOut(false);
    if (submittedAt === null) return;
    const timer = setTimeout(() => setTimedOut(true), waitMs);
    return () => clearTimeout(timer);
  }, [submittedAt, waitMs]);

  if (submittedAt === null) return { kind: 'idle' };
  if (!online || timedOut) return { kind: 'queued' };
  if (!groups) return { kind: 'waiting' };
  const entry = groups
    .find((group) => group.applicationLocalId === applicationLocalId)
    ?.entries.find((e) => e.createdAt === submittedAt && e.request.kind === 'json' && e.request.url.includes(urlPart));
  if (entry) {
    // The live outbox may still be the one from before the submit: only an entry seen and then
    // gone is an answer.
    seen.current = true;
    if (entry.state === 'needs_attention') return { kind: 'refused', message: entry.lastError ?? '' };
    if (entry.state === 'retrying') return { kind: 'queued' };
    return { kind: 'waiting' };
  }
  return seen.current ? { kind: 'answered' } : { kind: 'waiting' };
}
