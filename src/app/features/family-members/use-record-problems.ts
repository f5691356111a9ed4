import { useMemo } from 'react';
import { useOutbox } from '../../db/outbox.hooks';

/** Per member (local id): the server's message of its submit that was refused and waits for a person. */
export function useRecordProblems(applicationLocalId: string | undefined): Map<string, string> {
  const groups = useOutbox();
  return useMemo(() => {
    const problems = new Map<string, string>();
    const group = groups?.find((g) => g.applicationLocalId === applicationLocalId);
    for (const entry of group?.entries ?? []) {
      if (entry.state !== 'needs_attention' || entry.effect.type !== 'record-answer') continue;
      problems.set(entry.effect.recordLocalId, entry.lastError ?? '');
    }
    return problems;
  }, [groups, applicationLocalId]);
}
