import * as hb from 'harfbuzzjs';

type Glyph = { id: number; advanceWidth: number; codePoints: number[] };
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
/** The part of a fontkit font pdfkit lays text out with. */
type FontkitFont = {
  getGlyph(id: number, codePoints?: number[]): Glyph;
  glyphForCodePoint(codePoint: number): { id: number };
  layout: unknown;
};

const shapers = new WeakMap<Buffer, hb.Font>();

/**
 * The characters each glyph stands for, as fontkit gives them (pdfkit maps each glyph to its
 * characters for copying and search): in a cluster, a glyph that is a character's own glyph
 * stands for that character, the others (conjuncts, half forms) for the characters left, so a
 * word reads back in the order its glyphs are drawn.
 */
function codePointsOf(text: string, infos: { codepoint: number; cluster: number }[], font: FontkitFont): number[][] {
  const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
  const out: number[][] = infos.map(() => []);
  for (const start of starts) {
    const end = starts.find((s) => s > start) ?? text.length;
    const left = [...text.slice(start, end)].map((c) => c.codePointAt(0)!);
    const members = infos.flatMap((g, i) => (g.cluster === start ? [i] : []));
    for (const i of members) {
      const own = left.findIndex((c) => font.glyphForCodePoint(c).id === infos[i]!.codepoint);
      if (own >= 0) out[i] = left.splice(own, 1);
    }
    if (left.length > 0) {
      const rest = members.find((i) => out[i]!.length === 0) ?? members[0]!;
      out[rest] = [...out[rest]!, ...left];
    }
  }
  return out;
}

/**
 * Has pdfkit lay a font's text out with HarfBuzz, the shaper of the browsers, in place of
 * fontkit's own: fontkit's Indic shaping fails on Telugu (a mark's anchor it cannot read throws)
 * and differs from HarfBuzz's on Bengali vowel signs. Each glyph run keeps what pdfkit reads of a
 * fontkit run: the glyphs (the first of each cluster carrying the cluster's characters, so the
 * text stays extractable), their positions in font units, and the run's width.
 */
export function shapeWithHarfbuzz(fontkitFont: FontkitFont, bytes: Buffer): void {
  let shaper = shapers.get(bytes);
  if (!shaper) {
    shaper = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(bytes))));
    shapers.set(bytes, shaper);
  }
  const font = shaper;
  fontkitFont.layout = (text: string) => {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const infos = buffer.getGlyphInfos();
    const placed = buffer.getGlyphPositions();
    const glyphs = codePointsOf(text, infos, fontkitFont).map((codePoints, i) => fontkitFont.getGlyph(infos[i]!.codepoint, codePoints));
    const positions: Position[] = placed.map((p) => ({
      xAdvance: p.xAdvance,
      yAdvance: p.yAdvance,
      xOffset: p.xOffset,
      yOffset: p.yOffset,
    }));
    return {
      glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
}
