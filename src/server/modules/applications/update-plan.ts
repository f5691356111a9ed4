/** A status change to record in the history (review-workflow.ts; the loan-type reopening too). */
export type Moved = { from: string; to: string; remarks: string | null; detail?: Record<string, unknown> };

/** What a PATCH /:id changes: the data keys to merge, the status and stages it leaves, the move to record. */
export type UpdatePlan = { data: Record<string, unknown>; status: string; stage: string[]; moved: Moved | null };
