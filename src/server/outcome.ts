/** What a service answers: a value, or a refusal the route turns into an error envelope. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

export const accept = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = (status: number, message: string): { ok: false; status: number; message: string } => ({ ok: false, status, message });
