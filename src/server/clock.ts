/** Milliseconds since the epoch; tests move it to expire OTPs and tokens. */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };
