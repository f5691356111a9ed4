import * as hb from 'harfbuzzjs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { kfsLabels } from '../../src/domain';
import { notoDevanagari } from '../../src/server/modules/loan-offer/kfs-pdf';

// The Hindi Key Fact Statement's PDF is only as right as its shaping: pdfkit lays each word out
// with fontkit, whose Devanagari shaper is its own. Every Hindi label is laid out here as pdfkit
// lays it out (the words its layout splits at spaces) and compared with HarfBuzz, the shaper of
// the browsers: the same glyphs (conjuncts, reph, the i-matra moved before its consonant) at the
// same places. A fontkit, pdfkit or font upgrade that breaks Hindi fails here.

type Run = { glyphs: { id: number }[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };

/** Every Hindi label of the statement, the ones made by a function with sample values. */
function hindiTexts(): string[] {
  return Object.values(kfsLabels('hi')).map((label) =>
    typeof label === 'function' ? (label as (...args: unknown[]) => string)(12, 18) : label,
  );
}

/** The chunks pdfkit's EmbeddedFont.layout shapes one by one: each word with the space after it. */
const chunksOf = (text: string) => text.match(/[^ \t]+[ \t]?|[ \t]/g) ?? [];

const placed = (run: Run) =>
  run.glyphs.map((g, i) => [g.id, run.positions[i]!.xAdvance, run.positions[i]!.xOffset, run.positions[i]!.yOffset]);

describe.each(['400Regular', '700Bold'] as const)('Noto Sans Devanagari %s', (weight) => {
  it('every Hindi label is shaped by pdfkit (fontkit) as HarfBuzz shapes it', () => {
    const bytes = notoDevanagari(weight);
    const doc = new PDFDocument();
    doc.registerFont('Noto', bytes);
    doc.font('Noto');
    const pdfkitFont = (doc as unknown as { _font: { layout(text: string): Run } })._font;
    const harfbuzz = new hb.Font(new hb.Face(new hb.Blob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))));
    const shapedByHarfbuzz = (text: string) => {
      const buffer = new hb.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(harfbuzz, buffer);
      const glyphs = buffer.getGlyphInfos().map((g) => ({ id: g.codepoint }));
      return placed({ glyphs, positions: buffer.getGlyphPositions() });
    };
    const chunks = [...new Set(hindiTexts().flatMap(chunksOf))].filter((c) => /[\u0900-\u097f]/.test(c));
    expect(chunks.length).toBeGreaterThan(150);
    const differing = chunks.filter((c) => JSON.stringify(placed(pdfkitFont.layout(c))) !== JSON.stringify(shapedByHarfbuzz(c)));
    expect(differing).toEqual([]);
  });
});
