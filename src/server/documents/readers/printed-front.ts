import type { AadhaarFrontData } from './secure-qr';

/**
 * Reads the printed text of an Aadhaar front (what OCR saw, line by line) when the card has no
 * readable Secure QR (DECISIONS "Public applicant flow"). A card's markers must all be there, or
 * it is not taken for an Aadhaar front: its 12-digit number in groups of four (or masked,
 * `XXXX XXXX 1234`), a date or year of birth, and a gender word. The name is the line above the
 * date of birth, as UIDAI prints it. Nothing is signed: the answer says `source: 'OCR'`, and it is
 * a prefill only. The number itself is never answered (it is kept only encrypted, from the
 * Aadhaar OTP). Null when a marker is missing (another document, a photo too blurred to read).
 */
export function readPrintedFront(text: string): AadhaarFrontData | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const all = lines.join('\n');
  if (!AADHAAR_NUMBER.test(all)) return null;
  const birth = birthLine(lines);
  const gender = genderOf(all);
  if (!birth || !gender) return null;
  const name = nameAbove(lines, birth.index);
  if (!name) return null;
  const address = addressOf(lines);
  return {
    source: 'OCR',
    name,
    dob: birth.dob,
    gender,
    care_of: '',
    address: address.address,
    landmark: '',
    pincode: address.pincode,
    city: '',
    district: '',
    state: '',
  };
}

/** Four, four and four digits (or the masked `XXXX XXXX 1234` of an e-Aadhaar), alone on their line part. */
const AADHAAR_NUMBER = /(?:^|[^0-9])(?:[2-9][0-9]{3}|X{4}) (?:[0-9]{4}|X{4}) [0-9]{4}(?:$|[^0-9])/m;
/** 'DOB: 20/01/1975' (or with dashes), 'Date of Birth', or only 'Year of Birth: 1975'. */
const DOB = /\b(?:DOB|D\.O\.B|Date of Birth)\b\s*[:.]?\s*([0-3][0-9])[/-]([01][0-9])[/-]((?:19|20)[0-9]{2})\b/i;
const YEAR_OF_BIRTH = /\bYear of Birth\b\s*[:.]?\s*((?:19|20)[0-9]{2})\b/i;
const PINCODE = /\b([1-9][0-9]{5})\b/;

function birthLine(lines: string[]): { index: number; dob: string } | null {
  for (const [index, line] of lines.entries()) {
    const date = DOB.exec(line);
    if (date) {
      const [, day, month, year] = date;
      if (Number(day) < 1 || Number(day) > 31 || Number(month) < 1 || Number(month) > 12) return null;
      return { index, dob: `${day}-${month}-${year}` };
    }
    // Only the year is printed: no date to fill, but the card is still read (name, gender).
    if (YEAR_OF_BIRTH.test(line)) return { index, dob: '' };
  }
  return null;
}

function genderOf(text: string): 'M' | 'F' | 'T' | null {
  // FEMALE first: it holds MALE.
  if (/\bFEMALE\b/i.test(text)) return 'F';
  if (/\bMALE\b/i.test(text)) return 'M';
  if (/\bTRANSGENDER\b/i.test(text)) return 'T';
  return null;
}

/** Words of letters only (a name as printed), one of them of three letters or more; headings are not names. */
const NAME = /^[A-Za-z][A-Za-z .']{1,79}$/;
const NOT_A_NAME = /government|india|aadhaar|unique|identification|authority|dob|birth|male|female|address|enrolment/i;

/** The name is printed just above the date of birth; OCR may put a stray line (the photo's edge) between them. */
function nameAbove(lines: string[], birth: number): string | null {
  for (let i = birth - 1; i >= Math.max(0, birth - 3); i--) {
    const line = lines[i]!.replace(/^name\s*[:.]?\s*/i, '').trim();
    if (NAME.test(line) && !NOT_A_NAME.test(line) && /[A-Za-z]{3}/.test(line)) return line.toUpperCase();
  }
  return null;
}

/** 'Address:' and the lines after it up to the one with the pincode (a printed front rarely has one). */
function addressOf(lines: string[]): { address: string; pincode: string } {
  const start = lines.findIndex((line) => /^address\s*[:.]?/i.test(line));
  if (start < 0) return { address: '', pincode: '' };
  const parts: string[] = [];
  let pincode = '';
  for (let i = start; i < Math.min(lines.length, start + 6); i++) {
    const line = i === start ? lines[i]!.replace(/^address\s*[:.]?\s*/i, '') : lines[i]!;
    const pin = PINCODE.exec(line);
    if (AADHAAR_NUMBER.test(line)) break;
    if (pin) {
      pincode = pin[1]!;
      const before = line.slice(0, pin.index).replace(/[\s,-]+$/, '');
      if (before) parts.push(before);
      break;
    }
    if (line) parts.push(line.replace(/,$/, ''));
  }
  return { address: parts.join(', '), pincode };
}
