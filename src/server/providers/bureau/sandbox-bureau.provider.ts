import { personaByPan } from '../sandbox-personas';
import type { BureauProvider, BureauResult } from './bureau-provider';

const pass: BureauResult = { decision: 'PASS', reasons: [], rejected: false, check_values: { overdue_amount: 0 } };
const overdue: BureauResult = {
  decision: 'REJECTED',
  reasons: ['OVERDUE_AMOUNT_PRESENT'],
  rejected: true,
  check_values: { overdue_amount: 18500 },
};

/** Persona decisions; any other PAN whose last digit is 7 is rejected like VIKRAM JOSHI, the rest pass. */
export function createSandboxBureauProvider(): BureauProvider {
  return {
    async check(pan) {
      const persona = personaByPan(pan);
      if (persona) {
        const b = persona.bureau;
        return b.decision === 'PASS'
          ? { ...pass, reasons: [] }
          : { decision: 'REJECTED', reasons: [...b.reasons], rejected: true, check_values: { overdue_amount: b.overdue_amount } };
      }
      const lastDigit = pan.replace(/[^0-9]/g, '').slice(-1);
      return lastDigit === '7' ? { ...overdue, reasons: [...overdue.reasons] } : { ...pass, reasons: [] };
    },
  };
}
