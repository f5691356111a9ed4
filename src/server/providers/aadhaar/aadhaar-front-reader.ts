import type { DocumentPool } from '../../documents/document-pool';
import type { AadhaarFrontData } from '../../documents/readers/secure-qr';

/**
 * Reads what an uploaded Aadhaar front says (DECISIONS "Public applicant flow"), for the form's
 * prefill. Null whenever nothing trustworthy was read (no Secure QR, a blurred photo, a signature
 * that does not check, the reading over its budget): the upload itself never fails for it.
 */
export type AadhaarFrontReader = {
  read(image: Uint8Array, tenant: string): Promise<AadhaarFrontData | null>;
};

/**
 * The Secure QR reader, in the document pool (its time and memory budgets, its per-tenant limit),
 * checking signatures against `publicKeyPem`: the sandbox's test key outside production
 * (sandbox-qr-key.ts), or UIDAI's certificate given as a provider in production.
 */
export function createSecureQrAadhaarFrontReader(
  documents: Pick<DocumentPool, 'readAadhaarFront'>,
  publicKeyPem: string,
): AadhaarFrontReader {
  return {
    async read(image, tenant) {
      const read = await documents.readAadhaarFront(tenant, image, publicKeyPem);
      return read.ok ? read.value : null;
    },
  };
}

/** Production with no UIDAI certificate configured: nothing is read, nothing prefilled. */
export const unconfiguredAadhaarFrontReader: AadhaarFrontReader = { read: async () => null };
