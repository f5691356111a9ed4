/**
 * The sandbox's Aadhaar Secure QR key: the public half of the test key pair that signs the
 * fixture cards (tests/fixtures/aadhaar-cards, scripts/make-aadhaar-fixtures.ts). Outside
 * production, uploaded Aadhaar fronts are checked against it; production checks UIDAI's
 * certificate (config `aadhaarQrCertPath`), never this one.
 */
export const SANDBOX_SECURE_QR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwR+qgiz+yBv2Vf+cKuug
WHEH9fgnhthzzn8LZFzRTse2SW+pMat3yXzuxzZIVqcg33W2Ag3pdrYCFWSpgEwk
5MUTqwEaVx/J7ik0UjDWi5hIy9P2Ev0rt7kCz7Z02AcnRfhcq6e9+gzemHf2CBKL
JrNvln10vCAwZHEHTMQM8TJG5TaKRvKSGOn21Y0rweDq6Vmmj36sYkkhHUHKsQkX
V5bAmZN3/yrDSCCQmOZ6YcfHH4xJmZfGry+J9hXPNYR7qovJtHWyxQZ+hnY1C+m3
vjd7WOEowLBLrkExBVAX4OhPjqOJ8sX9C5qtLrWAZaSJEI6auKjq/IqKGzpD0fEy
gQIDAQAB
-----END PUBLIC KEY-----
`;
