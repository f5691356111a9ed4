/**
 * An e-sign service (issue 33), standing in for an Aadhaar eSign service provider: the signer has
 * proved themselves with the OTP sent to their mobile; the provider signs the digest of the PDF's
 * signed byte range with a short-lived certificate issued to the signer and answers the detached
 * CMS (PKCS#7) the server embeds in the PDF. Only the digest leaves the server, never the document.
 */
export type EsignRequest = {
  /** SHA-256 of the PDF's signed byte ranges. */
  digest: Buffer;
  signer: { name: string; mobile: string };
  signingTime: Date;
};

export type EsignCertificate = { serial: string; issuer: string; subject: string };

export type EsignResult = { cms: Buffer; certificate: EsignCertificate };

export type EsignProvider = {
  signDigest(request: EsignRequest): Promise<EsignResult>;
};
