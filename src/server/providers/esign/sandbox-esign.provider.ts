import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { EsignProvider } from './esign-provider';
import { rsaKeyPair, SANDBOX_ORGANISATION, type SandboxCa } from './sandbox-ca';
import { detachedSignedData } from './signed-data';

/** How long a signer's certificate is valid: long enough to sign, as an eSign provider's are. */
export const SIGNER_CERTIFICATE_MINUTES = 30;

/**
 * The sandbox e-sign provider (docs/agreement-and-esign.md): for each signature a fresh RSA key and
 * a certificate in the signer's name, valid 30 minutes, issued by the sandbox CA; it signs the
 * digest it is given. Its signatures verify in pdfsig and Adobe Reader; the CA is not trusted by
 * them (it is a sandbox), which they say beside "Signature is Valid".
 */
export function createSandboxEsignProvider(caOf: () => Promise<SandboxCa>): EsignProvider {
  return {
    async signDigest({ digest, signer, signingTime }) {
      const ca = await caOf();
      const caCert = forge.pki.certificateFromPem(ca.certPem);
      const keys = await rsaKeyPair();
      const cert = forge.pki.createCertificate();
      cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
      // A positive serial: its first byte below 0x80.
      cert.serialNumber = `1${randomBytes(9).toString('hex')}`;
      cert.validity.notBefore = new Date(signingTime.getTime() - 60_000);
      cert.validity.notAfter = new Date(signingTime.getTime() + SIGNER_CERTIFICATE_MINUTES * 60_000);
      cert.setSubject([
        { name: 'commonName', value: forge.util.encodeUtf8(signer.name), valueTagClass: forge.asn1.Type.UTF8 as never },
        { name: 'organizationName', value: SANDBOX_ORGANISATION },
        { name: 'countryName', value: 'IN' },
      ]);
      cert.setIssuer(caCert.subject.attributes);
      cert.setExtensions([
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      ]);
      cert.sign(forge.pki.privateKeyFromPem(ca.keyPem), forge.md.sha256.create());
      const cms = detachedSignedData({ digest, signingTime, certificate: cert, issuer: caCert, privateKeyPem: keys.privateKey });
      return {
        cms,
        certificate: {
          serial: cert.serialNumber,
          issuer: String(caCert.subject.getField('CN')?.value ?? ''),
          subject: signer.name,
        },
      };
    },
  };
}
