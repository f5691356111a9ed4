import { getDb } from './db';
import { resolveDecision, type Choice } from './decisions.repository';

export type { Choice };

/** Queues the person's choices for one conflict of an application (decisions.repository.ts). */
export const saveDecision = (applicationLocalId: string, record: string, choices: Readonly<Record<string, Choice>>) =>
  resolveDecision(getDb(), applicationLocalId, record, choices);
