import { describe, expect, it } from 'vitest';
import { camFileName } from '../../src/server/modules/banking/cam-file-name';

// Issue 21 D11: the CAM downloads as CAM-<borrower>-<bank>-<date>.xlsx, a name any file system and
// a Content-Disposition header take as it is.
describe('camFileName', () => {
  // 20:00 UTC on 25 November is already 26 November in India.
  const at = new Date('2026-11-25T20:00:00Z');

  it('names the borrower, the bank and the day in India (DD-MM-YYYY)', () => {
    expect(camFileName('LAKSHMI DEVI', 'SBIN', at)).toBe('CAM-LAKSHMI-DEVI-SBIN-26-11-2026.xlsx');
  });

  it('keeps letters and digits only: accents folded, punctuation and spaces one dash', () => {
    expect(camFileName("  R. K. D'Souza / Jr ", 'HDFC', at)).toBe('CAM-R-K-D-Souza-Jr-HDFC-26-11-2026.xlsx');
    expect(camFileName('Zoë Ñandú', 'BARB', at)).toBe('CAM-Zoe-Nandu-BARB-26-11-2026.xlsx');
  });

  it('a name with no Latin letter, or none, reads "borrower"', () => {
    expect(camFileName('लक्ष्मी देवी', 'SBIN', at)).toBe('CAM-borrower-SBIN-26-11-2026.xlsx');
    expect(camFileName(null, 'SBIN', at)).toBe('CAM-borrower-SBIN-26-11-2026.xlsx');
  });
});
