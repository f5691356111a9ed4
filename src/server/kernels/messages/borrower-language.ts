import { isLanguage, type Language } from '../../../domain/messages/languages';
import type { ApplicationRow } from '../../db/schema';

/** The borrower's recorded language (applications.borrower_language), English when none is. */
export const borrowerLanguageOf = (row: Pick<ApplicationRow, 'borrower_language'>): Language =>
  isLanguage(row.borrower_language) ? row.borrower_language : 'en';
