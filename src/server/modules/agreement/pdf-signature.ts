import { createHash } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';

/** Room for the CMS (two RSA-2048 certificates and the signature take about 2.5 KB). */
const SIGNATURE_BYTES = 8192;

class DigestSigner extends Signer {
  constructor(private readonly signDigest: (digest: Buffer, signingTime: Date) => Promise<Buffer>) {
    super();
  }
  async sign(signedBytes: Buffer, signingTime?: Date): Promise<Buffer> {
    return this.signDigest(createHash('sha256').update(signedBytes).digest(), signingTime ?? new Date());
  }
}

/**
 * Appends one PAdES-style signature (adbe.pkcs7.detached) to a PDF as an incremental update
 * (@signpdf): a signature field with the signer's name, the reason and the time, and the CMS the
 * given function makes from the digest of the signed byte ranges. The bytes before stay as they
 * were, so the earlier signatures still verify.
 */
export async function appendSignature(
  pdf: Buffer,
  field: { name: string; reason: string; location: string; contactInfo: string; signingTime: Date },
  signDigest: (digest: Buffer, signingTime: Date) => Promise<Buffer>,
): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: field.reason,
    contactInfo: field.contactInfo,
    name: field.name,
    location: field.location,
    signingTime: field.signingTime,
    signatureLength: SIGNATURE_BYTES,
  });
  return new SignPdf().sign(withPlaceholder, new DigestSigner(signDigest), field.signingTime);
}
