import { describe, expect, it } from 'vitest';
import { bankCodesOf, type BankListItem } from '../../../src/domain';

const BANKS: BankListItem[] = [
  { id: 1, name: 'State Bank of India', code: 'SBIN' },
  { id: 2, name: 'HDFC Bank', code: 'HDFC' },
];

describe('bankCodesOf (the one place the app and the server find a bank block code)', () => {
  it('gives each block with a bank its code and the others null', () => {
    expect(bankCodesOf({ statement_bank_id: 1, statement_bank_id2: '2' }, BANKS)).toEqual({
      ok: true,
      codes: { bank_code: 'SBIN', bank_code1: null, bank_code2: 'HDFC' },
    });
  });

  it('stops at the first block whose bank is not in the list', () => {
    expect(bankCodesOf({ statement_bank_id: 1, statement_bank_id1: 99 }, BANKS)).toEqual({ ok: false, suffix: '1' });
    expect(bankCodesOf({ statement_bank_id: 1 }, [])).toEqual({ ok: false, suffix: '' });
  });
});
