import { calendarDateOf, formatDisplayDate } from '../../../domain';

/** A part of a file name in letters, digits and single dashes (what every file system and header takes). */
const namePart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/**
 * The CAM workbook's file name (issue 21 D11): `CAM-<borrower>-<bank>-<DD-MM-YYYY>.xlsx`, the
 * date the day it was made in India, e.g. `CAM-LAKSHMI-DEVI-SBIN-26-11-2026.xlsx`. A name with
 * no Latin letter (or none at all) reads "borrower".
 */
export function camFileName(borrower: string | null | undefined, bankCode: string, at: Date): string {
  const who = namePart(borrower ?? '') || 'borrower';
  return `CAM-${who}-${namePart(bankCode) || 'bank'}-${formatDisplayDate(calendarDateOf(at))}.xlsx`;
}
