import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILE_URL_TTL_MS = 10 * 60_000;

function signature(secret: string, tenant: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${tenant}:${fileId}:${expires}`).digest('base64url');
}

/** A short-lived URL that serves one file, to its own tenant's host only. */
export function signFileUrl(secret: string, tenant: string, fileId: string, now: number): string {
  const expires = now + FILE_URL_TTL_MS;
  return `/api/v1/files/${fileId}?expires=${expires}&sig=${signature(secret, tenant, fileId, expires)}`;
}

export function verifyFileUrl(secret: string, tenant: string, fileId: string, expires: number, sig: string, now: number): boolean {
  if (!Number.isSafeInteger(expires) || expires < now) return false;
  const expected = Buffer.from(signature(secret, tenant, fileId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
