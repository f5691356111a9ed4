export const SIX_PAGE_ROWS: number;
/** A 6-page statement in the fixture statements' layout (RAMESH YADAV, HDFC Bank). */
export function sixPageStatement(): Promise<{ bytes: Buffer; pages: number }>;
