import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_PATHS } from '../../../domain/routes/files.paths';
import { currentKey, type KeyRing } from '../../providers/kms/kms-provider';

export const FILE_URL_TTL_MS = 10 * 60_000;

/** What a link is good for: one file of one tenant, for the session that asked for it. */
export type FileLink = { tenant: string; fileId: string; sessionId: string };

function mac(key: Buffer, link: FileLink, expires: number): string {
  return createHmac('sha256', key).update(`${link.tenant}:${link.fileId}:${link.sessionId}:${expires}`).digest('base64url');
}

/**
 * A short-lived URL that serves one file, to its own tenant's host only, while the session that
 * made it is live (the server checks it on serving). The signature names its key id (`<id>.<mac>`),
 * so the link key can rotate.
 */
export function signFileUrl(ring: KeyRing, link: FileLink, now: number): string {
  const expires = now + FILE_URL_TTL_MS;
  const { id, key } = currentKey(ring);
  return `${FILE_PATHS.file.path.replace(':id', link.fileId)}?expires=${expires}&sid=${link.sessionId}&sig=${id}.${mac(key, link, expires)}`;
}

/** Whether the signature is right and unexpired; the caller then checks that the session is live. */
export function verifyFileUrl(ring: KeyRing, link: FileLink, expires: number, sig: string, now: number): boolean {
  if (!Number.isSafeInteger(expires) || expires < now) return false;
  const dot = sig.indexOf('.');
  const key = dot > 0 ? ring.keys.get(sig.slice(0, dot)) : undefined;
  if (!key) return false;
  const expected = Buffer.from(mac(key, link, expires));
  const given = Buffer.from(sig.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
