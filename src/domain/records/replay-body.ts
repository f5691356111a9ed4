import { isObject } from '../shared/is-object';
/**
 * What the idempotency store keeps of an answer: its envelope's status and message, and of its
 * data only ids and statuses, never a full view (a name, an address, a token, a signed link). A
 * replay answers this; the client's outbox needs no more of it (src/app/sync/apply-answer.ts: the new
 * server id, the file ids, the status, stages and bureau decision of the notice), and the screens
 * read the application again from the server.
 */
type Shape = true | { [key: string]: Shape } | [Shape];

const DECISION: Shape = { decision: true, rejected: true, reasons: true };

const KEPT_DATA: { [key: string]: Shape } = {
  id: true,
  application_id: true,
  file_id: true,
  files: [{ file_id: true }],
  ref_id: true,
  tracker_id: true,
  status: true,
  stage: true,
  updated_at: true,
  is_accepted: true,
  // The e-NACH mandate (issue 33): a double tap's replay still names the session to authorise and the UMRN.
  session_id: true,
  umrn: true,
  accepted_at: true,
  bureau_deviation_exists: true,
  approval_checks: DECISION,
  deviations: [{ id: true, type: true, status: true }],
  // A versioned write's answer (issue 32): its version and which fields merged or conflicted, never their values.
  version: true,
  merged_fields: true,
  conflicts: [{ field: true, changed_by: true, changed_at: true }],
};

const ENVELOPE = ['success', 'message', 'status_code', 'statusCode'] as const;

function pick(value: unknown, shape: Shape): unknown {
  if (shape === true) return value;
  if (Array.isArray(shape)) return Array.isArray(value) ? value.map((item) => pick(item, shape[0])) : undefined;
  if (!isObject(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(shape)) {
    const kept = pick((value as Record<string, unknown>)[key], inner);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/**
 * An answer's envelope with only ids and statuses; null for what is not an envelope. The app keeps
 * no more of an answer a locked drain received (sync/apply-answer.ts).
 */
export function minimalAnswer(parsed: unknown): Record<string, unknown> | null {
  if (!isObject(parsed)) return null;
  const envelope = parsed as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const key of ENVELOPE) if (key in envelope) kept[key] = envelope[key];
  if ('data' in envelope) kept.data = pick(envelope.data, KEPT_DATA) ?? null;
  return kept;
}

/** The stored form of an answer body; one that is not a JSON envelope keeps nothing. */
export function minimalReplayBody(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return '';
  }
  const kept = minimalAnswer(parsed);
  return kept ? JSON.stringify(kept) : '';
}
