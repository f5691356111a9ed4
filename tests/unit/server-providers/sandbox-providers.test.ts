import { describe, expect, it } from 'vitest';
import { isValidAadhaar } from '../../../src/domain';
import { createSandboxBureauProvider } from '../../../src/server/providers/bureau/sandbox-bureau.provider';
import { matchNames } from '../../../src/server/providers/name-match/fuzzy-name-match';
import { createSandboxPanProvider } from '../../../src/server/providers/pan/sandbox-pan.provider';
import { PERSONAS } from '../../../src/server/providers/sandbox-personas';
import { createSandboxVoterIdProvider } from '../../../src/server/providers/voter-id/sandbox-voter-id.provider';

describe('sandbox personas', () => {
  it('lists the five personas of DECISIONS.md with Verhoeff-valid Aadhaar numbers', () => {
    expect(PERSONAS.map((p) => p.name)).toEqual(['LAKSHMI DEVI', 'RAMESH YADAV', 'MOHAN LAL', 'VIKRAM JOSHI', 'SUNITA KUMARI']);
    for (const p of PERSONAS) expect(isValidAadhaar(p.aadhaar), p.name).toBe(true);
    expect(isValidAadhaar('234567890123')).toBe(false);
  });
});

describe('sandbox PAN', () => {
  const pan = createSandboxPanProvider();
  it.each([
    ['BDVPD4821K', 'LAKSHMI DEVI'],
    ['CRYPY5532L', 'RAMESH YADAV'],
    ['DMLPL6643M', 'MOHAN LAL'],
    ['EVJPJ1287N', 'VIKRAM JOSHI'],
    ['FSKPK2231P', 'SUNITA KUMARI'],
    ['ABCPE1234F', 'SANDBOX HOLDER'],
  ])('%s is %s', async (value, name) => {
    expect(await pan.verifyPan(value)).toEqual({ found: true, name });
  });
  it('does not find ZZZZZ9999Z or a malformed PAN', async () => {
    expect(await pan.verifyPan('ZZZZZ9999Z')).toEqual({ found: false });
    expect(await pan.verifyPan('ABC1234')).toEqual({ found: false });
  });
});

describe('sandbox voter ID', () => {
  const voter = createSandboxVoterIdProvider();
  it('answers SUNITA DEVI for SUNITA KUMARI’s card, persona names for the others, SANDBOX HOLDER otherwise', async () => {
    expect(await voter.verifyVoterId('XKD3456787')).toEqual({ found: true, name: 'SUNITA DEVI' });
    expect(await voter.verifyVoterId('XKD1234566')).toEqual({ found: true, name: 'LAKSHMI DEVI' });
    expect(await voter.verifyVoterId('ABC7654321')).toEqual({ found: true, name: 'SANDBOX HOLDER' });
    expect(await voter.verifyVoterId('AB12345678')).toEqual({ found: false });
  });
});

describe('sandbox bureau', () => {
  const bureau = createSandboxBureauProvider();
  it('rejects VIKRAM JOSHI for an overdue of 18500', async () => {
    expect(await bureau.check('EVJPJ1287N')).toEqual({
      decision: 'REJECTED',
      reasons: ['OVERDUE_AMOUNT_PRESENT'],
      rejected: true,
      check_values: { overdue_amount: 18500 },
    });
  });
  it('rejects any other PAN whose last digit is 7 the same way', async () => {
    const result = await bureau.check('ABCPE1237F');
    expect(result.decision).toBe('REJECTED');
    expect(result.rejected).toBe(true);
    expect(result.reasons).toEqual(['OVERDUE_AMOUNT_PRESENT']);
    expect(result.check_values.overdue_amount).toBe(18500);
  });
  it('passes LAKSHMI DEVI and other PANs', async () => {
    expect(await bureau.check('BDVPD4821K')).toEqual({
      decision: 'PASS',
      reasons: [],
      rejected: false,
      check_values: { overdue_amount: 0 },
    });
    expect((await bureau.check('ABCPE1234F')).decision).toBe('PASS');
    // SUNITA KUMARI's PAN has 7 nowhere at the end: a persona passes by the table, not the rule.
    expect((await bureau.check('FSKPK2231P')).decision).toBe('PASS');
  });
});

describe('fuzzy name match', () => {
  it.each([
    ['SUNITA KUMARI', 'SUNITA DEVI', false],
    ['Lakshmi  devi', 'DEVI LAKSHMI', true],
    ['R. YADAV', 'RAMESH YADAV', true],
    ['LAKSHMI DEVI', 'lakshmi devi', true],
    ['LAKSHMIDEVI', 'LAKSHMI DEVI', true],
    ['RAMESH KUMAR YADAV', 'RAMESH YADAV', true],
    ['Smt. Lakshmi Devi', 'LAKSHMI DEVI', true],
    ['LAKSHMII DEVI', 'LAKSHMI DEVI', true],
    ['S. YADAV', 'RAMESH YADAV', false],
    ['LAKSHMI', 'LAKSHMI DEVI', false],
    ['MOHAN LAL', 'VIKRAM JOSHI', false],
    ['R. Y.', 'RAMESH YADAV', false],
    ['', 'RAMESH YADAV', false],
  ])('%s vs %s → %s', (a, b, expected) => {
    const result = matchNames(a, b);
    expect(result.is_match).toBe(expected);
    expect(matchNames(b, a).is_match).toBe(expected);
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(100);
  });
  it('scores an exact match 100 and a different surname low', () => {
    expect(matchNames('MOHAN LAL', 'mohan lal').score).toBe(100);
    expect(matchNames('SUNITA KUMARI', 'SUNITA DEVI').score).toBeLessThan(85);
  });
});
