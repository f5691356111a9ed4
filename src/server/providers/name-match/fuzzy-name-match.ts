import type { NameMatchResult } from './name-match-provider';

// A real fuzzy comparison of Indian person names (DECISIONS.md): case, punctuation and spacing are
// ignored, word order is free, an initial stands for a word starting with it, a spelling slip in a
// long word is tolerated (Jaro-Winkler), one missing middle word is allowed; a different word
// ('SUNITA KUMARI' vs 'SUNITA DEVI') is not a match.

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'SMT', 'SHRI', 'SHREE', 'SRI', 'KUM', 'DR']);
/** A word pair at or above this similarity counts as the same word. */
const WORD_THRESHOLD = 0.9;
const INITIAL_SCORE = 0.9;
/** Each word of the longer name left unmatched costs this much of the score. */
const MISSING_WORD_PENALTY = 0.1;

export function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !TITLES.has(w));
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  const range = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aHit = new Array<boolean>(a.length).fill(false);
  const bHit = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - range); j < Math.min(b.length, i + range + 1); j++) {
      if (bHit[j] || a[i] !== b[j]) continue;
      aHit[i] = bHit[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aHit[i]) continue;
    while (!bHit[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** How alike two words are: an initial matches a word starting with it; short words must be equal. */
function wordScore(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? INITIAL_SCORE : 0;
  if (Math.min(a.length, b.length) < 4) return 0;
  return jaroWinkler(a, b);
}

/** Best one-to-one pairing of the shorter name's words with the longer's (greedy on the best pairs). */
function pairWords(short: string[], long: string[]): number[] {
  const pairs = short.flatMap((s, i) => long.map((l, j) => ({ i, j, score: wordScore(s, l) }))).sort((x, y) => y.score - x.score);
  const scores = new Array<number>(short.length).fill(0);
  const usedShort = new Set<number>();
  const usedLong = new Set<number>();
  for (const { i, j, score } of pairs) {
    if (usedShort.has(i) || usedLong.has(j)) continue;
    usedShort.add(i);
    usedLong.add(j);
    scores[i] = score;
  }
  return scores;
}

const round = (score: number) => Math.round(Math.max(0, Math.min(1, score)) * 100);

export function matchNames(a: string, b: string): NameMatchResult {
  const wa = nameWords(a);
  const wb = nameWords(b);
  if (!wa.length || !wb.length) return { is_match: false, score: 0 };
  // Spacing: 'LAKSHMIDEVI' is 'LAKSHMI DEVI'.
  if (wa.join('') === wb.join('') || [...wa].sort().join('') === [...wb].sort().join('')) return { is_match: true, score: 100 };
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  const scores = pairWords(short, long);
  const missing = long.length - short.length;
  const average = scores.reduce((sum, s) => sum + s, 0) / short.length;
  const score = average - missing * MISSING_WORD_PENALTY;
  const allWordsMatch = scores.every((s) => s >= WORD_THRESHOLD - 1e-9);
  // A single remaining word ('LAKSHMI' vs 'LAKSHMI DEVI') is too little to call the same person;
  // one missing middle word of a three-word name is tolerated.
  const hasFullWord = (words: string[]) => words.some((w) => w.length > 1);
  const is_match = allWordsMatch && missing <= 1 && hasFullWord(wa) && hasFullWord(wb) && (missing === 0 || short.length >= 2);
  return { is_match, score: round(score) };
}
