/**
 * The errors a service or provider throws that the transport answers with a status of its own
 * (http/error-handler.ts): kept below both, so neither imports the other for them.
 */

/** A quota used up: thrown where the paid call would be made, answered 429 with Retry-After in the route's envelope. */
export class QuotaExceededError extends Error {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'QuotaExceededError';
  }
}

/** Thrown by a provider with no real implementation configured (production without one): the route answers 503. */
export class ProviderUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(kind: string, message = `${kind} verification is not available right now. Please try again later.`) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
