import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { agreementLabels, defaultAgreementClauses, kfsLabels } from '../../src/domain';
import { notoFont, pdfWriter } from '../../src/server/documents/renderers/kfs-pdf';

// The Key Fact Statement's and the agreement's PDF in an Indian language is only as right as its
// shaping: pdfkit lays each word out with fontkit, whose Indic shaper is its own. Every label and
// clause of Hindi, Marathi, Bengali, Tamil and Telugu is laid out here as pdfkit lays it out (the
// words its layout splits at spaces) and compared with HarfBuzz, the shaper of the browsers: the
// same glyphs (conjuncts, reph, pre-base vowel signs moved before their consonant, two-part vowel
// signs) at the same places. A fontkit, pdfkit or font upgrade that breaks a script fails here.

type Run = { glyphs: { id: number }[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };

const SCRIPTS = {
  hi: /[\u0900-\u097f]/,
  mr: /[\u0900-\u097f]/,
  bn: /[\u0980-\u09ff]/,
  ta: /[\u0b80-\u0bff]/,
  te: /[\u0c00-\u0c7f]/,
} as const;
type Indic = keyof typeof SCRIPTS;

/** Every label of the statement and the agreement and every clause in a language, the ones made by a function with sample values. */
function textsOf(lang: Indic): string[] {
  const sample = (label: unknown): string[] =>
    typeof label === 'function'
      ? [(label as (...args: unknown[]) => string)(12, 18), (label as (...args: unknown[]) => string)(1, 18)]
      : typeof label === 'string'
        ? [label]
        : Object.values(label as object).flatMap(sample);
  return [...Object.values(kfsLabels(lang)), ...Object.values(agreementLabels(lang)), ...defaultAgreementClauses(lang)].flatMap(sample);
}

/** The chunks pdfkit's EmbeddedFont.layout shapes one by one: each word with the space after it. */
const chunksOf = (text: string) => text.match(/[^ \t]+[ \t]?|[ \t]/g) ?? [];

const placed = (run: Run) =>
  run.glyphs.map((g, i) => [g.id, run.positions[i]!.xAdvance, run.positions[i]!.xOffset, run.positions[i]!.yOffset]);

describe.each(['400Regular', '700Bold'] as const)('Noto Sans %s', (weight) => {
  it.each(Object.keys(SCRIPTS) as Indic[])('every %s label and clause is shaped in the PDF writer as HarfBuzz shapes it', (lang) => {
    const bytes = notoFont(lang, weight);
    // The font as the statement's writer sets it up for the language.
    const { doc } = pdfWriter(lang, { Title: 'shaping', Author: 'test' });
    doc.font(weight === '700Bold' ? 'Noto-Bold' : 'Noto');
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
    const chunks = [...new Set(textsOf(lang).flatMap(chunksOf))].filter((c) => SCRIPTS[lang].test(c));
    expect(chunks.length).toBeGreaterThan(150);
    const differing = chunks.filter((c) => JSON.stringify(placed(pdfkitFont.layout(c))) !== JSON.stringify(shapedByHarfbuzz(c)));
    expect(differing).toEqual([]);
  });
});
