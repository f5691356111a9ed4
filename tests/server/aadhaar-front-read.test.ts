import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/server/config';
import { createDocumentPool, type DocumentPool } from '../../src/server/documents/document-pool';
import type { OtpDeps } from '../../src/server/modules/auth/otp-session.service';
import { chooseVerificationProviders } from '../../src/server/provider-choice/choose-providers';
import { qrTexts, readAadhaarFront } from '../../src/server/documents/readers/aadhaar-front-read';
import { SANDBOX_SECURE_QR_PUBLIC_KEY } from '../../src/server/providers/aadhaar/sandbox-qr-key';
import { readSecureQr, secureQrKey } from '../../src/server/documents/readers/secure-qr';
import { stopOcr } from '../../src/server/documents/readers/printed-text-ocr';
import { LAKSHMI_CARD } from '../fixtures/aadhaar-cards/lakshmi-devi.expected';
import { MOHAN_PRINTED_CARD } from '../fixtures/aadhaar-cards/mohan-lal-printed.expected';

// The fixture cards of scripts/make-aadhaar-fixtures.ts, read as the document worker reads them.
const card = (name: string) => readFileSync(new URL(`../fixtures/aadhaar-cards/${name}`, import.meta.url));
const read = (name: string) => readAadhaarFront(card(name), SANDBOX_SECURE_QR_PUBLIC_KEY);

const EXPECTED = {
  'lakshmi-devi.png': LAKSHMI_CARD,
  'ramesh-yadav.jpg': {
    source: 'QR',
    name: 'RAMESH YADAV',
    dob: '03-09-1982',
    gender: 'M',
    care_of: 'S/O: Shyam Yadav',
    address: '22, Station Road, Hazratganj',
    landmark: '',
    pincode: '226001',
    city: 'Lucknow',
    district: 'Lucknow',
    state: 'Uttar Pradesh',
  },
  'mohan-lal.png': {
    source: 'QR',
    name: 'MOHAN LAL',
    dob: '20-01-1975',
    gender: 'M',
    care_of: 'S/O: Kishan Lal',
    address: '7, Bapu Bazaar, Jaipur City',
    landmark: '',
    pincode: '302001',
    city: 'Jaipur',
    district: 'Jaipur',
    state: 'Rajasthan',
  },
  'vikram-joshi.jpg': {
    source: 'QR',
    name: 'VIKRAM JOSHI',
    dob: '15-06-1990',
    gender: 'M',
    care_of: 'S/O: Suresh Joshi',
    address: '5, FC Road, Shivaji Nagar, Shivajinagar',
    landmark: '',
    pincode: '411005',
    city: 'Pune',
    district: 'Pune',
    state: 'Maharashtra',
  },
} as const;
const SUNITA = {
  source: 'QR',
  name: 'SUNITA KUMARI',
  dob: '30-11-1988',
  gender: 'F',
  care_of: 'W/O: Anil Kumar',
  address: '3, Mahatma Gandhi Marg, Boring Road, Patna G.P.O',
  landmark: 'Opp. Govt School',
  pincode: '800001',
  city: 'Patna',
  district: 'Patna',
  state: 'Bihar',
};

// The OCR engine's thread, started by the reads on this thread, is ended with the file.
afterAll(() => stopOcr());

describe('the Aadhaar front reader (Secure QR)', () => {
  it('reads each persona card: name, DOB, gender and the address with its place', async () => {
    for (const [file, expected] of Object.entries(EXPECTED)) expect(await read(file), file).toEqual(expected);
    expect(await read('sunita-kumari.png')).toEqual(SUNITA);
  });

  it('reads a card photographed at an angle', async () => {
    expect(await read('sunita-kumari-angle.jpg')).toEqual(SUNITA);
  });

  it('a QR with one byte changed after signing decodes but fails its signature: null', async () => {
    const texts = await qrTexts(card('lakshmi-devi-tampered.png'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^[0-9]{500,}$/);
    expect(readSecureQr(texts[0]!, secureQrKey(SANDBOX_SECURE_QR_PUBLIC_KEY))).toBeNull();
    expect(await read('lakshmi-devi-tampered.png')).toBeNull();
  });

  it("the sandbox key is the public half of the fixtures' signing key", () => {
    const signing = createPrivateKey(card('sandbox-qr-signing-key.pem'));
    expect(createPublicKey(signing).export({ type: 'spki', format: 'pem' })).toBe(SANDBOX_SECURE_QR_PUBLIC_KEY);
  });

  it('a genuine card checked against another key is null (a foreign signer is not trusted)', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(await readAadhaarFront(card('lakshmi-devi.png'), other)).toBeNull();
  });

  it('an image that is not an Aadhaar card (a payment QR), a blurred card and bytes that are no image give null, no error', async () => {
    expect(await qrTexts(card('not-aadhaar.png'))).toEqual([expect.stringMatching(/^upi:/)]);
    expect(await read('not-aadhaar.png')).toBeNull();
    expect(await read('lakshmi-devi-blurred.jpg')).toBeNull();
    expect(await read('mohan-lal-printed-blurred.jpg')).toBeNull();
    expect(await readAadhaarFront(new Uint8Array([1, 2, 3, 4]), SANDBOX_SECURE_QR_PUBLIC_KEY)).toBeNull();
  });
});

describe('the Aadhaar front reader (printed text, OCR)', () => {
  it('a card with no QR is read from its printed text: name, DOB, gender, marked OCR', async () => {
    expect(await qrTexts(card('mohan-lal-printed.png'))).toEqual([]);
    expect(await read('mohan-lal-printed.png')).toEqual(MOHAN_PRINTED_CARD);
  });

  it('a QR card is read from its QR, not its print (its printed number is masked, and it carries the address)', async () => {
    expect(await read('lakshmi-devi.png')).toMatchObject({ source: 'QR', address: '14, Gandhi Nagar, Ward 3, Nashik H.O' });
  });
});

describe('the Aadhaar front reader as a provider', () => {
  const front = card('lakshmi-devi.png');
  const cert = fileURLToPath(new URL('../fixtures/aadhaar-cards/sandbox-qr-public-key.pem', import.meta.url));
  const providers = (production: boolean, aadhaarQrCertFile?: string) =>
    chooseVerificationProviders({}, { config: { ...DEFAULT_CONFIG, aadhaarQrCertFile } } as OtpDeps, pool, production);
  let pool: DocumentPool;
  beforeAll(() => {
    pool = createDocumentPool(DEFAULT_CONFIG);
  });
  afterAll(() => pool.close());

  it('reads in the document pool: the sandbox key outside production, the configured certificate in production, nothing without one', async () => {
    expect((await providers(false).aadhaarFront.read(front, 'sahyog'))?.name).toBe('LAKSHMI DEVI');
    expect((await providers(true, cert).aadhaarFront.read(front, 'sahyog'))?.name).toBe('LAKSHMI DEVI');
    expect(await providers(true).aadhaarFront.read(front, 'sahyog')).toBeNull();
  });

  it('reads a printed card by OCR in the document pool (its worker starts the engine)', async () => {
    expect(await providers(false).aadhaarFront.read(card('mohan-lal-printed.png'), 'sahyog')).toEqual(MOHAN_PRINTED_CARD);
  });

  it('a printed card read past the document budget (5 ms: its QR search and OCR) gives nothing, no error', async () => {
    const tight = createDocumentPool({ ...DEFAULT_CONFIG, documentBudgetMs: 5, documentThreads: 1 });
    try {
      const read = await tight.readAadhaarFront('sahyog', card('mohan-lal-printed.png'), SANDBOX_SECURE_QR_PUBLIC_KEY);
      expect(read).toEqual({ ok: false, refusal: 'tooComplex' });
      const reader = chooseVerificationProviders({}, { config: DEFAULT_CONFIG } as OtpDeps, tight, false);
      expect(await reader.aadhaarFront.read(card('mohan-lal-printed.png'), 'sahyog')).toBeNull();
    } finally {
      await tight.close();
    }
  });

  it('an image whose header claims 30 megapixels (past the 25 decoded) gives nothing, no error', async () => {
    // A PNG signature and an IHDR of 6000 × 5000: image-size reads it, nothing follows.
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(6000, 8);
    ihdr.writeUInt32BE(5000, 12);
    ihdr.set([8, 6, 0, 0, 0], 16);
    const header = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
    expect(await qrTexts(header)).toEqual([]);
  });
});
