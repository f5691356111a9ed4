import type { TransportResponse } from './transport';

/**
 * What the server's answer to an entry means: `applied` (a success, or a decision), `unauthorized`
 * (the entry waits for a new sign-in), `retry` (transient: again after its backoff), `refused`
 * (the application's rules said no: the entry is parked for the person).
 */
export type AnswerKind = 'applied' | 'unauthorized' | 'retry' | 'refused';

function isRetryable(response: TransportResponse): boolean {
  const { status } = response;
  // 408 timeout, 425, 429, 5xx; a 409 only when it says "retry" (the first request with this
  // key is still running): any other 409 is the application's rules refusing, and is parked.
  if (status === 409) return response.retryAfter === true;
  return status >= 500 || status === 408 || status === 425 || status === 429;
}

/**
 * A versioned write the server applied in part (issue 32): 409 with the fields someone else
 * changed meanwhile. Done on the server; what is left is the person's decision, kept on the
 * application (apply-answer.ts), not a request to send again.
 */
const isDecision = (response: TransportResponse) =>
  response.status === 409 && Array.isArray((response.body as { data?: { conflicts?: unknown } } | null)?.data?.conflicts);

export function answerKind(response: TransportResponse): AnswerKind {
  if ((response.status >= 200 && response.status < 300) || isDecision(response)) return 'applied';
  if (response.status === 401) return 'unauthorized';
  if (isRetryable(response)) return 'retry';
  return 'refused';
}
