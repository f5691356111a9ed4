import type { NameMatcherBody } from '../../../domain';
import type { NameMatchProvider } from '../../providers/name-match/name-match-provider';

export type NameComparison = { source: string; value: string; is_match: boolean; score: number };
export type NameMatchSummary = {
  is_match: boolean;
  score: number;
  reference: { source: string; value: string };
  results: NameComparison[];
};

/**
 * Every name is compared with the one typed by the officer (source INPUT; else the first listed):
 * the names match when each of them does, and the score is the lowest.
 */
export async function matchAllNames(provider: NameMatchProvider, values: NameMatcherBody['values']): Promise<NameMatchSummary> {
  const anchorIndex = Math.max(
    0,
    values.findIndex((v) => v.source === 'INPUT'),
  );
  const reference = values[anchorIndex]!;
  const others = values.filter((_, i) => i !== anchorIndex);
  const results: NameComparison[] = [];
  for (const other of others) {
    const { is_match, score } = await provider.match(reference.value, other.value);
    results.push({ source: other.source, value: other.value, is_match, score });
  }
  return {
    is_match: results.every((r) => r.is_match),
    score: Math.min(...results.map((r) => r.score)),
    reference: { source: reference.source, value: reference.value },
    results,
  };
}
