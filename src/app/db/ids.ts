/** Client-generated ids: a local id names a record before the server knows it. */
export function newLocalId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
