import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 21 D5: Hindi never renders as boxes. Only the regular weight of the Devanagari web font
// ships (the fonts' 80 KB budget), so bold Hindi is the browser's synthetic bold of it, which
// Chromium draws only when that family comes first (behind an installed family without
// Devanagari, such as DejaVu Sans, bold Hindi was boxes: seen at 360 px on the login screen).

const styles = (name: string) => readFileSync(resolve(__dirname, '../../../src/app/styles', name), 'utf8');
const families = (list: string) => list.split(',').map((family) => family.trim().replace(/^['"]|['"]$/g, ''));

describe('the Devanagari web font', () => {
  const fonts = styles('fonts.css');
  const faces = [...fonts.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => body!);
  const face = faces.find((body) => /U\+0900-097F/.test(body));

  it('has a face for the Devanagari block, shown at once (swap)', () => {
    expect(face).toBeDefined();
    expect(face).toMatch(/font-display:\s*swap/);
  });

  it('comes first in the font list of Hindi text when a weight of the CSS has no face of its own', () => {
    const family = families(/font-family:\s*([^;]+);/.exec(face!)![1]!)[0]!;
    const faceWeights = new Set(faces.map((body) => /font-weight:\s*(\d+)/.exec(body)?.[1]));
    const used = new Set(
      ['base.css', 'screens.css', 'components.css', 'apply-flow.css'].flatMap((name) =>
        [...styles(name).matchAll(/font-weight:\s*(\d+)/g)].map(([, weight]) => weight),
      ),
    );
    const synthetic = [...used].filter((weight) => !faceWeights.has(weight));
    expect(synthetic.length).toBeGreaterThan(0);
    const hindi = /:lang\(hi\)\s*{\s*font-family:([^;]+);/.exec(styles('base.css'));
    expect(hindi, 'base.css sets the font list of Hindi text').not.toBeNull();
    expect(families(hindi![1]!)[0]).toBe(family);
  });
});
