/** A 10-digit Indian mobile standing alone (not inside a longer run of letters or digits, as in an id). */
const MOBILE = /(?<![0-9A-Za-z])([6-9][0-9])[0-9]{6}([0-9]{2})(?![0-9A-Za-z])/g;

/** Text fit for a log: every mobile number in it shown as its first and last two digits (90******01). */
export const maskMobiles = (text: string): string => text.replace(MOBILE, '$1******$2');
