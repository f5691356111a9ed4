import * as z from 'zod/mini';
import { TEXT_MAX, TOO_LONG } from '../policy/limits';

/** A partner registration's life: received, under verification, then approved or rejected. */
export const JOIN_US_STATUSES = ['RECEIVED', 'UNDER_VERIFICATION', 'APPROVED', 'REJECTED'] as const;
export type JoinUsStatus = (typeof JOIN_US_STATUSES)[number];
/** A request in one of these holds its mobile: a second one for it is refused. */
export const JOIN_US_PENDING_STATUSES = ['RECEIVED', 'UNDER_VERIFICATION'] as const satisfies readonly JoinUsStatus[];

export type JoinUsAction = 'verify' | 'approve' | 'reject';

const ALREADY: Partial<Record<JoinUsStatus, string>> = {
  UNDER_VERIFICATION: 'This request is already under verification.',
  APPROVED: 'This request was already approved.',
  REJECTED: 'This request was already rejected.',
};

/**
 * The review machine: verify RECEIVED → UNDER_VERIFICATION; approve only UNDER_VERIFICATION
 * (nobody is made a partner unseen); reject RECEIVED or UNDER_VERIFICATION.
 */
export function nextJoinUsStatus(
  from: JoinUsStatus,
  action: JoinUsAction,
): { ok: true; to: JoinUsStatus } | { ok: false; message: string } {
  if (action === 'verify' && from === 'RECEIVED') return { ok: true, to: 'UNDER_VERIFICATION' };
  if (action === 'approve' && from === 'UNDER_VERIFICATION') return { ok: true, to: 'APPROVED' };
  if (action === 'reject' && (from === 'RECEIVED' || from === 'UNDER_VERIFICATION')) return { ok: true, to: 'REJECTED' };
  if (action === 'approve' && from === 'RECEIVED') return { ok: false, message: 'Start verification before approving this request.' };
  return { ok: false, message: ALREADY[from] ?? 'This request cannot change now.' };
}

export const JOIN_US_REASON_MAX = TEXT_MAX.reason;

export const joinUsRejectSchema = z.object({
  reason: z
    .string('Enter the reason for rejection')
    .check(z.trim(), z.minLength(1, 'Enter the reason for rejection'), z.maxLength(JOIN_US_REASON_MAX, TOO_LONG.reason)),
});

const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.optional(z.coerce.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message)));
};

/** `GET /api/v1/join-us/requests` query: zero-based pages of `size` (spec 01 §9: 10 by default). */
export const joinUsListQuerySchema = z.object({
  status: z.optional(z.enum(JOIN_US_STATUSES, `status must be one of ${JOIN_US_STATUSES.join(', ')}`)),
  page: wholeNumber('page', 0, 100_000),
  size: wholeNumber('size', 1, 100),
});
