import { describe, expect, it } from 'vitest';
import { codeInWords, codesInWords } from '../../../src/app/i18n/code-labels';
import { translateMessage } from '../../../src/app/i18n/translate';

// Issue 21 D7: internal codes never reach a user as codes.
describe('codes in words', () => {
  it('statuses, stages and the engine reasons, in English and Hindi', () => {
    expect(codeInWords('PD1_COMPLETE')).toBe('PD1 complete');
    expect(codeInWords('INSUFFICIENT_SURPLUS')).toBe('monthly surplus too low');
    expect(codeInWords('INSUFFICIENT_SURPLUS', 'hi')).toBe('मासिक बचत बहुत कम');
    expect(codesInWords('Still needed: stage CPV_BUSINESS_PLACE, stage REFERENCES.')).toBe(
      'Still needed: the business place verification (CPV), the references.',
    );
  });

  it('an unknown code reads as lower-case words; ordinary text and single capitals are left alone', () => {
    expect(codesInWords('WRITTEN_OFF_ACCOUNT, LOW_BRE_SCORE')).toBe('written off account, BRE score too low');
    expect(codesInWords('Verify the PAN and IFSC SBIN0001234 of account_number 12')).toBe(
      'Verify the PAN and IFSC SBIN0001234 of account_number 12',
    );
  });

  it('a server message no catalogue knows keeps its words, its codes put in words', () => {
    expect(translateMessage('This step can no longer be changed: the application is PD2_REVIEW.', 'en')).toBe(
      'This step can no longer be changed: the application is sent back for PD2 review.',
    );
  });
});
