import { useEffect, useState } from 'react';
import { useOnline } from '../../components/use-online';
import { useLocalRecord } from '../../db/application-steps.hooks';
import { useOutbox } from '../../db/outbox.hooks';
import type { LocalRecord } from '../../db/records';

/** How long Submit waits online for the server's answer before moving on (it lands later anyway). */
export const ANSWER_WAIT_MS = 20_000;

export type RecordAnswer =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  /** The server answered: its view of the record is `record.server`. */
  | { kind: 'answered'; record: LocalRecord }
  /** Offline, retrying or slow: move on, the answer shows on the application later. */
  | { kind: 'queued' }
  /** The server refused it (4xx): parked with this message. */
  | { kind: 'refused'; message: string };

/**
 * After a co-applicant's submit at `submittedAt`: follows the record until the server answered
 * (the sync engine marks it synced with the answer), refused it, or the answer will come later.
 */
export function useRecordAnswer(localId: string, submittedAt: number | null, waitMs = ANSWER_WAIT_MS): RecordAnswer {
  const online = useOnline();
  const record = useLocalRecord(submittedAt === null ? undefined : localId);
  const groups = useOutbox();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    setTimedOut(false);
    if (submittedAt === null) return;
    const timer = setTimeout(() => setTimedOut(true), waitMs);
    return () => clearTimeout(timer);
  }, [submittedAt, waitMs]);

  if (submittedAt === null) return { kind: 'idle' };
  if (!online || timedOut) return { kind: 'queued' };
  // A copy of the record from before this submit says nothing about its answer.
  if (!record || record.updatedAt < submittedAt) return { kind: 'waiting' };
  const entry = groups
    ?.flatMap((group) => group.entries)
    .find((e) => e.createdAt === submittedAt && e.effect.type === 'record-answer' && e.effect.recordLocalId === localId);
  if (record.syncState === 'synced') return { kind: 'answered', record };
  if (record.syncState === 'needs_attention') return { kind: 'refused', message: entry?.lastError ?? '' };
  if (entry?.state === 'retrying') return { kind: 'queued' };
  return { kind: 'waiting' };
}
