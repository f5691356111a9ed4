import type { BankListItem } from '../../domain';

/**
 * The banks of `GET /api/v1/bank/list` (DECISIONS.md: at least the 30 largest Indian banks).
 * `code` is the bank's IFSC prefix (the first four letters of its branches' IFSCs), which the
 * business step sends as the statement's `bank_name` to the CAM. Ids are stable: a stored
 * `statement_bank_id` keeps pointing at the same bank, so new banks are only appended.
 */
export const BANKS: readonly BankListItem[] = [
  { id: 1, name: 'State Bank of India', code: 'SBIN' },
  { id: 2, name: 'HDFC Bank', code: 'HDFC' },
  { id: 3, name: 'ICICI Bank', code: 'ICIC' },
  { id: 4, name: 'Punjab National Bank', code: 'PUNB' },
  { id: 5, name: 'Bank of Baroda', code: 'BARB' },
  { id: 6, name: 'Canara Bank', code: 'CNRB' },
  { id: 7, name: 'Axis Bank', code: 'UTIB' },
  { id: 8, name: 'Union Bank of India', code: 'UBIN' },
  { id: 9, name: 'Kotak Mahindra Bank', code: 'KKBK' },
  { id: 10, name: 'Bank of India', code: 'BKID' },
  { id: 11, name: 'Indian Bank', code: 'IDIB' },
  { id: 12, name: 'Central Bank of India', code: 'CBIN' },
  { id: 13, name: 'Indian Overseas Bank', code: 'IOBA' },
  { id: 14, name: 'UCO Bank', code: 'UCBA' },
  { id: 15, name: 'Bank of Maharashtra', code: 'MAHB' },
  { id: 16, name: 'Punjab & Sind Bank', code: 'PSIB' },
  { id: 17, name: 'IndusInd Bank', code: 'INDB' },
  { id: 18, name: 'IDBI Bank', code: 'IBKL' },
  { id: 19, name: 'Yes Bank', code: 'YESB' },
  { id: 20, name: 'IDFC FIRST Bank', code: 'IDFB' },
  { id: 21, name: 'Federal Bank', code: 'FDRL' },
  { id: 22, name: 'South Indian Bank', code: 'SIBL' },
  { id: 23, name: 'Karur Vysya Bank', code: 'KVBL' },
  { id: 24, name: 'Karnataka Bank', code: 'KARB' },
  { id: 25, name: 'City Union Bank', code: 'CIUB' },
  { id: 26, name: 'Tamilnad Mercantile Bank', code: 'TMBL' },
  { id: 27, name: 'RBL Bank', code: 'RATN' },
  { id: 28, name: 'Bandhan Bank', code: 'BDBL' },
  { id: 29, name: 'Jammu & Kashmir Bank', code: 'JAKA' },
  { id: 30, name: 'AU Small Finance Bank', code: 'AUBL' },
  { id: 31, name: 'Equitas Small Finance Bank', code: 'ESFB' },
  { id: 32, name: 'Ujjivan Small Finance Bank', code: 'UJVN' },
  { id: 33, name: 'DCB Bank', code: 'DCBL' },
  { id: 34, name: 'CSB Bank', code: 'CSBK' },
  { id: 35, name: 'Dhanlaxmi Bank', code: 'DLXB' },
  { id: 36, name: 'India Post Payments Bank', code: 'IPOS' },
];

export const bankByCode = (code: unknown): BankListItem | undefined =>
  typeof code === 'string' ? BANKS.find((b) => b.code === code.trim().toUpperCase()) : undefined;
/** The bank an IFSC belongs to, by its first four letters. */
export const bankOfIfsc = (ifsc: string): BankListItem | undefined => bankByCode(ifsc.slice(0, 4));
