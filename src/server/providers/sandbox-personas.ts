/**
 * The sandbox fixture identities of DECISIONS.md ("Sandbox providers"), like test cards: every
 * sandbox provider answers from this one table, and docs/sandbox-fixtures.md lists it for trainers and testers.
 * The addresses are fixtures too (DECISIONS.md names no address; the Aadhaar sandbox needs one).
 */
export type Persona = {
  name: string;
  pan: string;
  epic: string;
  /** The name the voter-ID record carries, when it differs from `name` (drives the deviation flow). */
  voter_name?: string;
  aadhaar: string;
  gender: 'M' | 'F';
  /** DD-MM-YYYY. */
  dob: string;
  address: string;
  bureau: { decision: 'PASS' } | { decision: 'REJECTED'; reasons: readonly string[]; overdue_amount: number };
};

const PASS = { decision: 'PASS' } as const;
const OVERDUE = { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'], overdue_amount: 18500 } as const;

export const PERSONAS: readonly Persona[] = [
  {
    name: 'LAKSHMI DEVI',
    pan: 'BDVPD4821K',
    epic: 'XKD1234566',
    aadhaar: '234567890124',
    gender: 'F',
    dob: '12-04-1985',
    address: '14 Gandhi Nagar, Ward 3, Nashik, Maharashtra 422001',
    bureau: PASS,
  },
  {
    name: 'RAMESH YADAV',
    pan: 'CRYPY5532L',
    epic: 'XKD2345676',
    aadhaar: '345678901238',
    gender: 'M',
    dob: '03-09-1982',
    address: '22 Station Road, Hazratganj, Lucknow, Uttar Pradesh 226001',
    bureau: PASS,
  },
  {
    name: 'MOHAN LAL',
    pan: 'DMLPL6643M',
    epic: 'XKD4567814',
    aadhaar: '456789012341',
    gender: 'M',
    dob: '20-01-1975',
    address: '7 Bapu Bazaar, Jaipur, Rajasthan 302001',
    bureau: PASS,
  },
  {
    name: 'VIKRAM JOSHI',
    pan: 'EVJPJ1287N',
    epic: 'XKD5678123',
    aadhaar: '567890123458',
    gender: 'M',
    dob: '15-06-1990',
    address: '31 Deccan Gymkhana, Pune, Maharashtra 411004',
    bureau: OVERDUE,
  },
  {
    name: 'SUNITA KUMARI',
    pan: 'FSKPK2231P',
    epic: 'XKD3456787',
    voter_name: 'SUNITA DEVI',
    aadhaar: '678901234560',
    gender: 'F',
    dob: '30-11-1988',
    address: '9 Boring Road, Patna, Bihar 800001',
    bureau: PASS,
  },
];

/** Any other well-formed PAN or EPIC verifies under this name. */
export const SANDBOX_HOLDER = 'SANDBOX HOLDER';
/** The PAN the sandbox does not find. */
export const NOT_FOUND_PAN = 'ZZZZZ9999Z';

/** Any other valid Aadhaar verifies as this identity. */
export const SANDBOX_AADHAAR_HOLDER = {
  name: SANDBOX_HOLDER,
  gender: 'F',
  dob: '01-01-1990',
  address: '1 Sandbox Street, Pune, Maharashtra 411001',
} as const;

export const personaByPan = (pan: string) => PERSONAS.find((p) => p.pan === pan);
export const personaByEpic = (epic: string) => PERSONAS.find((p) => p.epic === epic);
export const personaByAadhaar = (aadhaar: string) => PERSONAS.find((p) => p.aadhaar === aadhaar);
