import { formatIcu } from '../../../domain/icu';

/**
 * A message with a plural written in ICU, said in English: the message is also its key in the
 * languages' catalogues (src/server/kernels/messages/catalogues), which say the same plural by their own rules.
 */
export const english = (message: string, values: Record<string, string | number>): string => formatIcu(message, 'en', values);
