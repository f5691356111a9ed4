import { PATTERNS } from '../../../domain';
import { personaByEpic, SANDBOX_HOLDER } from '../sandbox-personas';
import type { VoterIdProvider } from './voter-id-provider';

/** Answers from the fixture personas (SUNITA KUMARI's card reads SUNITA DEVI); any other well-formed EPIC is SANDBOX HOLDER. */
export function createSandboxVoterIdProvider(): VoterIdProvider {
  return {
    async verifyVoterId(epic) {
      if (!PATTERNS.epic.test(epic)) return { found: false };
      const persona = personaByEpic(epic);
      return { found: true, name: persona ? (persona.voter_name ?? persona.name) : SANDBOX_HOLDER };
    },
  };
}
