import * as hb from 'harfbuzzjs';

type Glyph = { id: number; advanceWidth: number; codePoints: number[] };
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
/** The part of a fontkit font pdfkit lays text out with. */
type FontkitFont = { getGlyph(id: number, codePoints?: number[]): Glyph; layout: unknown };

const shapers = new WeakMap<Buffer, hb.Font>();

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
    const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
    const seen = new Set<number>();
    const glyphs = infos.map((g) => {
      const first = !seen.has(g.cluster);
      seen.add(g.cluster);
      const end = starts.find((s) => s > g.cluster) ?? text.length;
      const codePoints = first ? [...text.slice(g.cluster, end)].map((c) => c.codePointAt(0)!) : [];
      return fontkitFont.getGlyph(g.codepoint, codePoints);
    });
    const positions: Position[] = placed.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset }));
    return {
      glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
}
