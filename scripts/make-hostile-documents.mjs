// A corpus of hostile documents, each small enough to upload (a few KB to a few MB) and each made
// to stall or exhaust a reader that has no budget (issue 19). The server tests make them in
// memory (tests/server/hostile-documents.test.ts); run this file to write them to a folder:
//
//   node scripts/make-hostile-documents.mjs [out-dir]     (default: test-results/hostile)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** A PDF from its objects' bodies (object n is bodies[n - 1]), with a correct cross-reference table. */
function pdf(bodies, { root = 1 } = {}) {
  const parts = ['%PDF-1.7\n%\xE2\xE3\xCF\xD3\n'];
  let length = Buffer.byteLength(parts[0], 'latin1');
  const offsets = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const head = Buffer.from(`${i + 1} 0 obj\n`, 'latin1');
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1');
    const tail = Buffer.from('\nendobj\n', 'latin1');
    parts.push(head, bytes, tail);
    length += head.length + bytes.length + tail.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root ${root} 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p, 'latin1'))));
}

/** A stream object's body. */
const stream = (dict, data) => {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
};

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/**
 * Pages whose form XObjects draw each other: form k draws form k+1 ten times, 12 levels deep, so
 * one page asks for 10^12 drawings of a line of text, from about 2 KB.
 */
export function recursiveXObjects() {
  const LEVELS = 12;
  // 1 catalog, 2 pages, 3 page, 4 page content, 5 font, 6.. forms
  const form = (k) =>
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 600 800] /Resources << /Font << /F1 5 0 R >>${k < LEVELS - 1 ? ` /XObject << /X ${7 + k} 0 R >>` : ''} >>`,
      k < LEVELS - 1 ? `BT /F1 9 Tf 10 10 Td (loop) Tj ET ${'/X Do '.repeat(10)}` : 'BT /F1 9 Tf 10 10 Td (leaf) Tj ET',
    );
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R /Resources << /XObject << /X 6 0 R >> >> >>',
    stream('', '/X Do /X Do /X Do'),
    FONT,
    ...Array.from({ length: LEVELS }, (_, k) => form(k)),
  ]);
}

/**
 * A page whose content stream inflates to `gigabytes` GB of zeros (which a PDF lexer reads as
 * blank space to the end): one sync-flushed deflate of 16 MB of zeros, repeated, then a final empty
 * block. About 1 KB on the wire for every MB it expands to.
 */
export function decompressionBomb(gigabytes = 2) {
  const CHUNK = 16 * 1024 * 1024;
  const piece = deflateRawSync(Buffer.alloc(CHUNK), { finishFlush: constants.Z_SYNC_FLUSH });
  const count = Math.round((gigabytes * 1024 * 1024 * 1024) / CHUNK);
  const total = count * CHUNK;
  // zlib wrapper: header, the blocks, a final empty fixed block, adler32 of `total` zeros (a = 1, b = total mod 65521).
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  const data = Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array.from({ length: count }, () => piece), Buffer.from([0x03, 0x00]), adler]);
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('/Filter /FlateDecode', data),
    FONT,
  ]);
}

/** A page's resources hold arrays nested `depth` deep: a recursive parser runs out of stack. */
export function deeplyNested(depth = 100_000) {
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R /Resources 5 0 R >>',
    stream('', 'BT /F1 9 Tf 10 10 Td (deep) Tj ET'),
    `<< /Font << /F1 6 0 R >> /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
    FONT,
  ]);
}

/** `pages` pages, each with one line of text (all sharing one content stream). */
export function manyPages(pages = 10_000) {
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    stream('', 'BT /F1 9 Tf 10 10 Td (page) Tj ET'),
    FONT,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>',
    ),
  ]);
}

/**
 * A broken cross-reference table: every offset wrong, and the trailer's /Prev pointing back at
 * its own table (a loop for a reader that follows it), so the reader must rebuild the table.
 */
export function brokenXref() {
  const good = pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('', 'BT /F1 9 Tf 10 10 Td (Account Holder: NOBODY) Tj ET'),
    FONT,
  ]).toString('latin1');
  const at = good.lastIndexOf('xref\n');
  const table = good
    .slice(at)
    .replace(/^\d{10} 00000 n $/gm, () => `${String(Math.floor(Math.random() * 1e9)).padStart(10, '0')} 00000 n `)
    .replace('/Root 1 0 R', `/Root 1 0 R /Prev ${at}`)
    .replace(/startxref\n\d+/, `startxref\n${at + 7}`);
  return Buffer.from(good.slice(0, at) + table, 'latin1');
}

function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height (its one row of data is all the file has). */
export function hugePng(width = 100_000, height = 100_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A JPEG whose frame header claims width × height. A JPEG stores each in 16 bits, so 65,535 ×
 * 65,535 (4.3 gigapixels) is the most one can claim; 100,000 is not expressible.
 */
export function hugeJpeg(width = 65_535, height = 65_535) {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    sof,
    Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** Every hostile PDF of the corpus, by file name. */
export const hostilePdfs = () => ({
  'recursive-xobjects.pdf': recursiveXObjects(),
  'decompression-bomb.pdf': decompressionBomb(),
  'deeply-nested.pdf': deeplyNested(),
  '10000-pages.pdf': manyPages(),
  'broken-xref.pdf': brokenXref(),
});

/** The hostile images, by file name. */
export const hostileImages = () => ({ 'huge.png': hugePng(), 'huge.jpg': hugeJpeg() });

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? join('test-results', 'hostile');
  mkdirSync(out, { recursive: true });
  for (const [name, bytes] of Object.entries({ ...hostilePdfs(), ...hostileImages() })) {
    writeFileSync(join(out, name), bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
}
