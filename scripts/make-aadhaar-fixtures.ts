// Writes the sandbox's Aadhaar front cards (tests/fixtures/aadhaar-cards): one per persona of
// DECISIONS "Sandbox providers", each with a Secure QR the sandbox signed with the test key pair
// beside them, plus a photo at an angle, a blurred photo, a card whose QR has one byte changed
// after signing, an image that is not an Aadhaar card, and a card with printed text only (no QR:
// what the OCR reads, printed-front.ts). Run: `npx tsx scripts/make-aadhaar-fixtures.ts`.
// The key pair is made once (kept when present): the server's sandbox key
// (src/server/providers/aadhaar/sandbox-qr-key.ts) is its public half.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Jimp, loadFont } from 'jimp';
import { SANS_16_BLACK, SANS_32_BLACK, SANS_64_BLACK } from 'jimp/fonts';
import QRCode from 'qrcode';

const DIR = new URL('../tests/fixtures/aadhaar-cards/', import.meta.url);
const PRIVATE_KEY = new URL('sandbox-qr-signing-key.pem', DIR);
const PUBLIC_KEY = new URL('sandbox-qr-public-key.pem', DIR);

/** A card's Secure QR fields (the V2 layout), the address split as UIDAI splits it. */
type Card = {
  file: string;
  reference: string;
  name: string;
  dob: string;
  gender: 'M' | 'F';
  care_of: string;
  district: string;
  landmark: string;
  house: string;
  location: string;
  pincode: string;
  post_office: string;
  state: string;
  street: string;
  sub_district: string;
  vtc: string;
  aadhaar: string;
};

// The personas of src/server/providers/sandbox-personas.ts, their addresses split into fields.
export const CARDS: Card[] = [
  {
    file: 'lakshmi-devi',
    reference: '012420261126101500123',
    name: 'LAKSHMI DEVI',
    dob: '12-04-1985',
    gender: 'F',
    care_of: 'W/O: Raju Prasad',
    district: 'Nashik',
    landmark: 'Near Shiv Mandir',
    house: '14',
    location: 'Ward 3',
    pincode: '422001',
    post_office: 'Nashik H.O',
    state: 'Maharashtra',
    street: 'Gandhi Nagar',
    sub_district: 'Nashik',
    vtc: 'Nashik',
    aadhaar: '234567890124',
  },
  {
    file: 'ramesh-yadav',
    reference: '123820261126101500234',
    name: 'RAMESH YADAV',
    dob: '03-09-1982',
    gender: 'M',
    care_of: 'S/O: Shyam Yadav',
    district: 'Lucknow',
    landmark: '',
    house: '22',
    location: 'Hazratganj',
    pincode: '226001',
    post_office: 'Hazratganj',
    state: 'Uttar Pradesh',
    street: 'Station Road',
    sub_district: 'Lucknow',
    vtc: 'Lucknow',
    aadhaar: '345678901238',
  },
  {
    file: 'mohan-lal',
    reference: '234120261126101500345',
    name: 'MOHAN LAL',
    dob: '20-01-1975',
    gender: 'M',
    care_of: 'S/O: Kishan Lal',
    district: 'Jaipur',
    landmark: '',
    house: '7',
    location: '',
    pincode: '302001',
    post_office: 'Jaipur City',
    state: 'Rajasthan',
    street: 'Bapu Bazaar',
    sub_district: 'Jaipur',
    vtc: 'Jaipur',
    aadhaar: '456789012341',
  },
  {
    file: 'vikram-joshi',
    reference: '345820261126101500456',
    name: 'VIKRAM JOSHI',
    dob: '15-06-1990',
    gender: 'M',
    care_of: 'S/O: Suresh Joshi',
    district: 'Pune',
    landmark: '',
    house: '5',
    location: 'Shivaji Nagar',
    pincode: '411005',
    post_office: 'Shivajinagar',
    state: 'Maharashtra',
    street: 'FC Road',
    sub_district: 'Pune City',
    vtc: 'Pune',
    aadhaar: '567890123458',
  },
  {
    file: 'sunita-kumari',
    reference: '456020261126101500567',
    name: 'SUNITA KUMARI',
    dob: '30-11-1988',
    gender: 'F',
    care_of: 'W/O: Anil Kumar',
    district: 'Patna',
    landmark: 'Opp. Govt School',
    house: '3',
    location: 'Boring Road',
    pincode: '800001',
    post_office: 'Patna G.P.O',
    state: 'Bihar',
    street: 'Mahatma Gandhi Marg',
    sub_district: 'Patna Sadar',
    vtc: 'Patna',
    aadhaar: '678901234560',
  },
];

function keyPair() {
  if (!existsSync(PRIVATE_KEY)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(PRIVATE_KEY, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  }
  const privateKey = createPrivateKey(readFileSync(PRIVATE_KEY));
  writeFileSync(PUBLIC_KEY, createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }));
  return privateKey;
}

/** The V2 Secure QR: fields joined by byte 255, signed (RSA-SHA256, 256 bytes), gzipped, as one decimal integer. */
function secureQrText(card: Card, key: ReturnType<typeof createPrivateKey>, tamper = false): string {
  const fields = [
    'V2',
    '3',
    card.reference,
    card.name,
    card.dob,
    card.gender,
    card.care_of,
    card.district,
    card.landmark,
    card.house,
    card.location,
    card.pincode,
    card.post_office,
    card.state,
    card.street,
    card.sub_district,
    card.vtc,
    card.aadhaar.slice(-4),
  ];
  const parts = fields.flatMap((f) => [Buffer.from(f, 'utf8'), Buffer.from([255])]);
  const data = Buffer.concat(parts);
  const signature = sign('sha256', data, key);
  // A tampered card: one byte of the signed data changed after signing (the name's first letter).
  if (tamper) data[data.indexOf(card.name)] ^= 0x01;
  const gz = gzipSync(Buffer.concat([data, signature]), { level: 9 });
  return BigInt(`0x${gz.toString('hex')}`).toString(10);
}

const rgba = (hex: number) => hex >>> 0;

/** A QR drawn as black squares of `scale` px with a quiet zone of four modules. */
function qrImage(text: string, scale: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const side = (n + 8) * scale;
  const image = new Jimp({ width: side, height: side, color: rgba(0xffffffff) });
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      if (qr.modules.get(y, x))
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) image.setPixelColor(rgba(0x000000ff), (x + 4) * scale + dx, (y + 4) * scale + dy);
  return image;
}

async function cardImage(card: Card, qrText: string) {
  const [big, small] = await Promise.all([loadFont(SANS_32_BLACK), loadFont(SANS_16_BLACK)]);
  const image = new Jimp({ width: 1000, height: 620, color: rgba(0xfdfbf5ff) });
  const band = (y: number, h: number, color: number) => {
    for (let yy = y; yy < y + h; yy++) for (let x = 0; x < 1000; x++) image.setPixelColor(rgba(color), x, yy);
  };
  band(0, 36, 0xf28c28ff);
  band(36, 36, 0xffffffff);
  band(72, 36, 0x2e8b57ff);
  image.print({ font: big, x: 40, y: 130, text: card.name });
  image.print({ font: small, x: 40, y: 190, text: `DOB: ${card.dob}` });
  image.print({ font: small, x: 40, y: 220, text: card.gender === 'F' ? 'FEMALE' : 'MALE' });
  image.print({ font: big, x: 40, y: 520, text: `XXXX XXXX ${card.aadhaar.slice(-4)}` });
  const qr = qrImage(qrText, 4);
  image.composite(qr, 1000 - qr.width - 30, 620 - qr.height - 20 > 120 ? 620 - qr.height - 20 : 120);
  return image;
}

/**
 * A card with printed text only, no QR (an older print or a laminated copy): a photo box, the
 * name, 'DOB: DD/MM/YYYY', the gender word and the 12-digit number in groups of four, in the
 * 32 and 64 px sans fonts (text of that height is what Tesseract reads best; it wants capitals
 * of 20 px or more). As UIDAI prints it, the front has no address.
 */
async function printedCardImage(card: Card) {
  const [big, huge] = await Promise.all([loadFont(SANS_32_BLACK), loadFont(SANS_64_BLACK)]);
  const image = new Jimp({ width: 1000, height: 620, color: rgba(0xfdfbf5ff) });
  const box = (x: number, y: number, w: number, h: number, color: number) => {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) image.setPixelColor(rgba(color), xx, yy);
  };
  box(0, 0, 1000, 36, 0xf28c28ff);
  box(0, 72, 1000, 36, 0x2e8b57ff);
  // The holder's photo: a grey box with a darker head and shoulders.
  box(40, 140, 200, 240, 0xc9ccd1ff);
  box(105, 170, 70, 80, 0x8a8f96ff);
  box(75, 260, 130, 120, 0x8a8f96ff);
  const [day, month, year] = card.dob.split('-');
  image.print({ font: big, x: 280, y: 150, text: card.name });
  image.print({ font: big, x: 280, y: 210, text: `DOB: ${day}/${month}/${year}` });
  image.print({ font: big, x: 280, y: 270, text: card.gender === 'F' ? 'FEMALE' : 'MALE' });
  image.print({ font: huge, x: 230, y: 470, text: card.aadhaar.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3') });
  return image;
}

/** Solves the 8 unknowns of the homography that maps each `from` corner to its `to` corner. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

/** The card photographed at an angle: laid on a grey table in perspective (each output pixel sampled from the card). */
function atAnAngle(card: InstanceType<typeof Jimp>) {
  const width = 1200;
  const height = 900;
  const out = new Jimp({ width, height, color: rgba(0x8a8f96ff) });
  const w = card.width;
  const h = card.height;
  const corners: [number, number][] = [
    [170, 160],
    [1080, 230],
    [1010, 770],
    [120, 690],
  ];
  const m = homography(corners, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = m[6]! * x + m[7]! * y + m[8]!;
      const sx = Math.round((m[0]! * x + m[1]! * y + m[2]!) / d);
      const sy = Math.round((m[3]! * x + m[4]! * y + m[5]!) / d);
      if (sx >= 0 && sy >= 0 && sx < w && sy < h) out.setPixelColor(card.getPixelColor(sx, sy), x, y);
    }
  return out;
}

async function main() {
  mkdirSync(DIR, { recursive: true });
  const key = keyPair();
  const written: string[] = [];
  const save = async (image: InstanceType<typeof Jimp>, name: string) => {
    const path = new URL(name, DIR);
    const bytes = name.endsWith('.png') ? await image.getBuffer('image/png') : await image.getBuffer('image/jpeg', { quality: 85 });
    writeFileSync(path, bytes);
    written.push(`${name} (${Math.round(bytes.length / 1024)} KB)`);
  };
  for (const [i, card] of CARDS.entries()) {
    const image = await cardImage(card, secureQrText(card, key));
    // Some cards as PNG (a scan or a screenshot), the others as JPEG (a phone photo).
    await save(image, `${card.file}.${i % 2 ? 'jpg' : 'png'}`);
    if (card.file === 'sunita-kumari') await save(atAnAngle(image), `${card.file}-angle.jpg`);
    if (card.file === 'mohan-lal') {
      const printed = await printedCardImage(card);
      await save(printed, `${card.file}-printed.png`);
      // The printed card too blurred to read: no QR and no text, so nothing.
      await save(printed.clone().blur(9), `${card.file}-printed-blurred.jpg`);
    }
    if (card.file === 'lakshmi-devi') {
      await save(image.clone().blur(9), `${card.file}-blurred.jpg`);
      await save(await cardImage(card, secureQrText(card, key, true)), `${card.file}-tampered.png`);
    }
  }
  // Not an Aadhaar card: a shop's payment QR on a plain card.
  const other = new Jimp({ width: 600, height: 400, color: rgba(0xeef2f7ff) });
  other.composite(qrImage('upi://pay?pa=sandbox-shop@upi&pn=Sandbox%20Shop', 6), 150, 40);
  await save(other, 'not-aadhaar.png');
  console.log(`wrote ${written.join(', ')}`);
}

await main();
