import { sign } from 'node:crypto';
import forge from 'node-forge';

/**
 * A detached CMS SignedData (RFC 5652, the PKCS#7 of PDF's adbe.pkcs7.detached) over a digest the
 * caller computed: signed attributes content-type, signing-time and message-digest, signed with
 * RSA and SHA-256, the signer's certificate and its issuer's included. forge's own PKCS#7 signer
 * digests the content itself; here only the digest is given, as an e-sign service receives it.
 */
const { asn1, pki } = forge;
const oid = (id: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const seq = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
const set = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, value);
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (hex: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(hex));
const algorithm = (id: string) => seq([oid(id), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]);
const der = (value: forge.asn1.Asn1) => Buffer.from(asn1.toDer(value).getBytes(), 'binary');

export function detachedSignedData(input: {
  digest: Buffer;
  signingTime: Date;
  certificate: forge.pki.Certificate;
  issuer: forge.pki.Certificate;
  privateKeyPem: string;
}): Buffer {
  const { certificate } = input;
  const attributes = [
    seq([oid(pki.oids.contentType!), set([oid(pki.oids.data!)])]),
    seq([
      oid(pki.oids.signingTime!),
      set([asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(input.signingTime))]),
    ]),
    seq([oid(pki.oids.messageDigest!), set([octets(input.digest)])]),
  ];
  // The signature covers the attributes' DER as a SET; in the SignerInfo they are [0] IMPLICIT.
  const signature = sign('sha256', der(set(attributes)), input.privateKeyPem);
  const signerInfo = seq([
    integer('01'),
    seq([pki.distinguishedNameToAsn1(certificate.issuer), integer(certificate.serialNumber)]),
    algorithm(pki.oids.sha256!),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
    algorithm(pki.oids.rsaEncryption!),
    octets(signature),
  ]);
  const signedData = seq([
    integer('01'),
    set([algorithm(pki.oids.sha256!)]),
    seq([oid(pki.oids.data!)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [pki.certificateToAsn1(certificate), pki.certificateToAsn1(input.issuer)]),
    set([signerInfo]),
  ]);
  return der(seq([oid(pki.oids.signedData!), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}
