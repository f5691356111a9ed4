/** What a service answers: a value, or a refusal the route turns into an error envelope. */
export type Refusal = {
  ok: false;
  status: number;
  message: string;
  /** with a 429: seconds until a try may succeed */ retryAfterSeconds?: number;
};
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const accept = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = (status: number, message: string, retryAfterSeconds?: number): Refusal =>
  retryAfterSeconds === undefined ? { ok: false, status, message } : { ok: false, status, message, retryAfterSeconds };
