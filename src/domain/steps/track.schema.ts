import * as z from 'zod/mini';
import { PATTERNS } from '../identity/patterns';

/** Spec 02 §8 / contract: the track screen's and GET /api/v1/track's message for a malformed id. */
export const INVALID_TRACKER_ID = 'Invalid external loan id';

/** GET /api/v1/track?tracker_id=: an external loan id (DECISIONS "API shape"). */
export const trackQuerySchema = z.object({
  tracker_id: z.string(INVALID_TRACKER_ID).check(z.maxLength(13, INVALID_TRACKER_ID), z.regex(PATTERNS.trackerId, INVALID_TRACKER_ID)),
});

/** GET /api/v1/track's answer: the status and the status in words, never anything personal. */
export const trackAnswerSchema = z.object({
  tracker_id: z.string(),
  status: z.string(),
  status_text: z.string(),
  updated_at: z.string(),
  /** The acknowledged Key Fact Statement's number, once the borrower acknowledged it. */
  kfs_number: z.nullable(z.string()),
});

export type TrackAnswer = z.output<typeof trackAnswerSchema>;
