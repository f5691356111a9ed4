import { describe, expect, it } from 'vitest';
import { readPrintedFront } from '../../src/server/documents/readers/printed-front';

// What OCR might see on an Aadhaar front's print, and what is taken from it (printed-front.ts).
const FRONT = ['Government of India', 'SUNITA KUMARI', 'DOB: 30/11/1988', 'FEMALE', '6789 0123 4560'].join('\n');

describe('reading the printed text of an Aadhaar front', () => {
  it('takes the name above the date of birth, the date as DD-MM-YYYY and the gender as M/F, never the number', () => {
    const read = readPrintedFront(FRONT);
    expect(read).toMatchObject({ source: 'OCR', name: 'SUNITA KUMARI', dob: '30-11-1988', gender: 'F', address: '', pincode: '' });
    expect(JSON.stringify(read)).not.toMatch(/6789|4560/);
  });

  it('skips a stray line between the name and the date, and reads "Year of Birth" as no date', () => {
    expect(readPrintedFront('Mohan Lal\nBH\nDOB : 20-01-1975\nBB MALE\n4567 8901 2341')).toMatchObject({
      name: 'MOHAN LAL',
      dob: '20-01-1975',
      gender: 'M',
    });
    expect(readPrintedFront('RAMESH YADAV\nYear of Birth: 1982\nMale\nXXXX XXXX 1238')).toMatchObject({
      name: 'RAMESH YADAV',
      dob: '',
      gender: 'M',
    });
  });

  it('reads an address when the card prints one, up to its pincode', () => {
    const text = `${FRONT}\nAddress: 3, Mahatma Gandhi Marg,\nBoring Road, Patna,\nBihar - 800001`;
    expect(readPrintedFront(text)).toMatchObject({ address: '3, Mahatma Gandhi Marg, Boring Road, Patna, Bihar', pincode: '800001' });
  });

  it('needs every marker of a card: the number, a date or year of birth, a gender word and a name', () => {
    expect(readPrintedFront(FRONT.replace('6789 0123 4560', '6789 0123'))).toBeNull();
    expect(readPrintedFront(FRONT.replace('DOB: 30/11/1988', '30/11/1988'))).toBeNull();
    expect(readPrintedFront(FRONT.replace('FEMALE', ''))).toBeNull();
    expect(readPrintedFront(FRONT.replace('SUNITA KUMARI', '12'))).toBeNull();
    expect(readPrintedFront(FRONT.replace('30/11/1988', '31/13/1988'))).toBeNull();
    expect(readPrintedFront('')).toBeNull();
    expect(readPrintedFront('PAY TO SANDBOX SHOP\nUPI ID sandbox-shop@upi\nAmount 1200 3400 5600')).toBeNull();
  });
});
