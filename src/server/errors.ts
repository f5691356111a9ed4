/**
 * The errors a service or provider throws that the transport answers with a status of its own
 * (http/error-handler.ts): kept below both, so neither imports the other for them.
 */
import { carrying, english, type Said } from './messages/message-language';

/** A quota used up: thrown where the paid call would be made, answered 429 with Retry-After in the route's envelope. */
export class QuotaExceededError extends Error {
  readonly statusCode = 429;
  constructor(
    readonly said: Said,
    readonly retryAfterSeconds: number,
  ) {
    super(english(said));
    this.name = 'QuotaExceededError';
  }
}

/** Thrown by a provider with no real implementation configured (production without one): the route answers 503. */
export class ProviderUnavailableError extends Error {
  readonly statusCode = 503;
  // The texts without a code (no catalogue has them yet) are answered in English in every language.
  constructor(kind: string, message: string | Said = `${kind} verification is not available right now. Please try again later.`) {
    super(typeof message === 'string' ? message : english(message));
    this.name = 'ProviderUnavailableError';
    if (typeof message !== 'string') carrying(this, message);
  }
}
