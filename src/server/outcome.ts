import { carried, carrying, english, type Said } from './messages/message-language';

/** What a service answers: a value, or a refusal the route turns into an error envelope. */
export type Refusal = {
  ok: false;
  status: number;
  message: string;
  /** with a 429: seconds until a try may succeed */ retryAfterSeconds?: number;
};
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const accept = <T>(value: T): Outcome<T> => ({ ok: true, value });
/** A refusal; a message said by code carries its code to the answer, which says it in the request's language. */
export function refuse(status: number, message: string | Said, retryAfterSeconds?: number): Refusal {
  const text = typeof message === 'string' ? message : english(message);
  const refusal: Refusal =
    retryAfterSeconds === undefined ? { ok: false, status, message: text } : { ok: false, status, message: text, retryAfterSeconds };
  return typeof message === 'string' ? refusal : carrying(refusal, message);
}

/** A refusal passed on as another's (an access check's, a lock's): its status and message, with the code it was said with. */
export const refusedAs = (refusal: { status: number; message: string }): Refusal =>
  refuse(refusal.status, carried(refusal) ?? refusal.message);
