/**
 * The step forms open on the screen, by application: Resubmit (issue 21 D4) saves the open step
 * first when it holds a change, through the step's own queued submit, so the change is part of
 * what the server checks. A form registers while it is mounted (useQueuedSubmit does it).
 */
export type OpenStep = {
  applicationLocalId: string;
  /** Whether the form holds a change not yet queued (its draft, once written). */
  hasChanges: () => Promise<boolean>;
  /** The step's submit without leaving the screen: 'queued' when it went into the outbox. */
  save: () => Promise<'queued' | 'invalid' | 'mismatch' | 'failed' | 'busy'>;
};

const open = new Set<OpenStep>();

/** Registers an open step form; the returned function unregisters it. */
export function registerOpenStep(step: OpenStep): () => void {
  open.add(step);
  return () => open.delete(step);
}

export type SaveOpenStepsResult = 'none' | 'saved' | 'refused';

/**
 * Saves every open step form of the application that holds a change: 'none' when none did,
 * 'saved' when all were queued, 'refused' when a form refused (its message shows on the form).
 */
export async function saveOpenSteps(applicationLocalId: string): Promise<SaveOpenStepsResult> {
  let result: SaveOpenStepsResult = 'none';
  for (const step of [...open].filter((s) => s.applicationLocalId === applicationLocalId)) {
    if (!(await step.hasChanges())) continue;
    const outcome = await step.save();
    if (outcome !== 'queued') return 'refused';
    result = 'saved';
  }
  return result;
}
