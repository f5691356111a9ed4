import { PATTERNS } from '../../../domain';
import { NOT_FOUND_PAN, personaByPan, SANDBOX_HOLDER } from '../sandbox-personas';
import type { PanProvider } from './pan-provider';

/** Answers from the fixture personas; any other well-formed PAN is SANDBOX HOLDER, ZZZZZ9999Z is not found. */
export function createSandboxPanProvider(): PanProvider {
  return {
    async verifyPan(pan) {
      if (!PATTERNS.pan.test(pan) || pan === NOT_FOUND_PAN) return { found: false };
      return { found: true, name: personaByPan(pan)?.name ?? SANDBOX_HOLDER };
    },
  };
}
