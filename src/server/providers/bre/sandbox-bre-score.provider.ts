import { breScore } from '../../../domain';
import { personaByPan } from '../sandbox-personas';
import type { BreScoreProvider } from './bre-score-provider';

/** The fixture scores by persona: found by PAN (as the bureau sandbox does), else by the borrower's first name; anyone else 700. */
export function createSandboxBreScoreProvider(): BreScoreProvider {
  return {
    async score({ pan, name }) {
      const persona = personaByPan(pan)?.name ?? name;
      return breScore(persona.trim().split(/\s+/)[0] ?? '');
    },
  };
}
