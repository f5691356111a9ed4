import { matchNames } from './fuzzy-name-match';
import type { NameMatchProvider } from './name-match-provider';

/** The in-process fuzzy matcher: no outside service, so it is the default in every environment. */
export function createFuzzyNameMatchProvider(): NameMatchProvider {
  return { match: async (a, b) => matchNames(a, b) };
}
