import { generateKeyPair } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

/**
 * The sandbox e-sign provider's certificate authority: an RSA key and a self-signed certificate,
 * made on first use and kept beside the server's key file (KEY_FILE, `.keys/keys.json` in
 * development) as `esign-sandbox-ca.json`, outside the database; without a key file (tests) it
 * lives in memory for the process.
 */
export type SandboxCa = { keyPem: string; certPem: string };

export const SANDBOX_CA_FILE = 'esign-sandbox-ca.json';
export const SANDBOX_CA_NAME = 'Sahyog eSign Sandbox CA';
export const SANDBOX_ORGANISATION = 'Sahyog eSign sandbox (not for real loans)';

const generate = promisify(generateKeyPair);

/** A new RSA key pair as PEM (Node's native generator: forge's would take seconds). */
export async function rsaKeyPair(bits = 2048): Promise<{ publicKey: string; privateKey: string }> {
  return generate('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

async function makeCa(now: Date): Promise<SandboxCa> {
  const keys = await rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const name = [
    { name: 'commonName', value: SANDBOX_CA_NAME },
    { name: 'organizationName', value: SANDBOX_ORGANISATION },
    { name: 'countryName', value: 'IN' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKey), forge.md.sha256.create());
  return { keyPem: keys.privateKey, certPem: forge.pki.certificateToPem(cert) };
}

function readCa(path: string): SandboxCa | null {
  if (!existsSync(path)) return null;
  const json = JSON.parse(readFileSync(path, 'utf8')) as Partial<SandboxCa>;
  return typeof json.keyPem === 'string' && typeof json.certPem === 'string' ? { keyPem: json.keyPem, certPem: json.certPem } : null;
}

/** The CA of the key file's folder (made and written on first use), or one in memory without a key file. */
export function sandboxCaSource(keyFile: string | undefined, now: () => number): () => Promise<SandboxCa> {
  let loaded: Promise<SandboxCa> | null = null;
  const load = async () => {
    if (!keyFile) return makeCa(new Date(now()));
    const path = join(dirname(keyFile), SANDBOX_CA_FILE);
    const existing = readCa(path);
    if (existing) return existing;
    const ca = await makeCa(new Date(now()));
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // Another process may have written one meanwhile: the first written wins, the rename is atomic.
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(ca), { mode: 0o600 });
    if (existsSync(path)) return readCa(path) ?? ca;
    renameSync(temp, path);
    return ca;
  };
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
}
