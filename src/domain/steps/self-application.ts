/** The public track's words for a self-application the branch has not taken over yet (after that, the status's own). */
export const SELF_APPLICATION_TEXT = {
  started: 'You have started this application on your phone. Send it to the branch when every step is done.',
  sent: 'Your application has reached the branch. An officer will take it up and call you.',
} as const;

/** Where a self-application stands for the track page, or null once an officer holds it (or it was never one). */
export function selfApplicationText(data: { source?: unknown; self_submitted_at?: unknown; taken_over_by?: unknown }): string | null {
  if (data.source !== 'SELF' || data.taken_over_by !== undefined) return null;
  return typeof data.self_submitted_at === 'string' ? SELF_APPLICATION_TEXT.sent : SELF_APPLICATION_TEXT.started;
}
