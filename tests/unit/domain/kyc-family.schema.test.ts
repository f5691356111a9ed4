import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../../src/domain/identity/auth.schema';
import { kycSchema } from '../../../src/domain/steps/kyc.schema';
import { canAddFamilyMember, familyMemberSchema } from '../../../src/domain/steps/family-member.schema';

const kyc = {
  guardian_name: 'Shyam Devi',
  guardian_relationship: 'Husband',
  mother_name: 'Kamla Devi',
  category: 'OBC',
  religion: 'Hindu',
  mother_tongue: 'Kannada',
  education_qualification: '10th Pass',
  no_of_family_members: 4,
  no_of_earning_members: 2,
  photo_file: 'p1',
  pan_file: 'p2',
  aadhaar_front_file: 'p3',
  aadhaar_back_file: 'p4',
};
const kycMessage = (patch: Record<string, unknown>) => firstMessage(kycSchema.safeParse({ ...kyc, ...patch }).error, 'ok');

describe('KYC schema (Borrowers Info)', () => {
  it('accepts a complete form', () => expect(kycMessage({})).toBe('ok'));
  it.each([
    [{ guardian_name: 'Sh' }, "Invalid Father's/Husband's/Guardian's Name"],
    [{ guardian_relationship: '' }, 'Please select relation'],
    [{ mother_name: '' }, "Invalid Mother's Name"],
    [{ category: '' }, 'Please select category'],
    [{ religion: '' }, 'Please enter religion'],
    [{ mother_tongue: ' ' }, 'Please enter mother tongue'],
    [{ education_qualification: undefined }, 'Please enter education qualification'],
    [{ no_of_family_members: 0 }, 'Enter no of family memebers'],
    [{ no_of_earning_members: '' }, 'Please enter no of earning members'],
    [{ photo_file: '' }, 'Please upload photo'],
    [{ pan_file: '' }, 'Missing PAN'],
    [{ aadhaar_front_file: '' }, 'Missing aadhaar front'],
    [{ aadhaar_back_file: '' }, 'Missing aadhaar back'],
    [{ gender: 'FEMALE' }, 'Missing voter id'],
    [{ gender: 'OTHER', voter_id_file: '' }, 'Missing voter id'],
  ])('%j gives %s', (patch, message) => expect(kycMessage(patch)).toBe(message));
  it('needs the voter ID file only for a non-male borrower', () => {
    expect(kycMessage({ gender: 'MALE' })).toBe('ok');
    expect(kycMessage({ gender: 'FEMALE', voter_id_file: 'p5' })).toBe('ok');
  });
  it('reports in field order', () => {
    expect(kycMessage({ guardian_name: '', photo_file: '' })).toBe("Invalid Father's/Husband's/Guardian's Name");
    expect(kycMessage({ gender: 'FEMALE', aadhaar_back_file: '' })).toBe('Missing aadhaar back');
  });
});

const familySchema = familyMemberSchema({ year: 2026, month: 6, day: 15 });
const member = {
  name: 'Anil Kumar',
  relation_to_borrower: 'Son',
  phone: '9876543212',
  pan: 'ABCPK1234D',
  guardian_name: 'Ravi Kumar',
  guardian_relationship: 'Father',
  pincode: '560034',
  city: 'Bengaluru',
  state: 'Karnataka',
  address: '12 MG Road',
  gender: 'MALE',
  dob: '01-01-2000',
  education_qualification: 'Graduation',
  income: 12000,
  pan_file: 'f1',
  aadhaar_front_file: 'f2',
  aadhaar_back_file: 'f3',
  voter_id_file: 'f4',
};
const familyMessage = (patch: Record<string, unknown>) => firstMessage(familySchema.safeParse({ ...member, ...patch }).error, 'ok');

describe('family member schema', () => {
  it('accepts a complete member, email optional', () => {
    expect(familyMessage({})).toBe('ok');
    expect(familyMessage({ email: '' })).toBe('ok');
    expect(familyMessage({ dob: '2026-06-15' })).toBe('ok');
  });
  it.each([
    [{ name: 'An' }, 'Invalid name'],
    [{ relation_to_borrower: '' }, 'Please select the relation to the borrower'],
    [{ relation_to_borrower: 'Cousin' }, 'Please select the relation to the borrower'],
    [{ phone: '98765' }, 'Invalid mobile number'],
    [{ phone: '1876543212' }, 'Invalid mobile number'],
    [{ email: 'a@b' }, 'Invalid email'],
    [{ pan: 'ABCPK1234' }, 'Invalid PAN'],
    [{ guardian_name: 'Ra' }, 'Invalid guardian name'],
    [{ guardian_relationship: 'Fa' }, 'Please select relationship'],
    [{ pincode: '012345' }, 'Invalid pincode'],
    [{ city: '' }, 'Invalid city'],
    [{ state: '' }, 'Invalid state'],
    [{ address: '1 Road' }, 'Invalid address'],
    [{ gender: undefined }, 'Please select gender'],
    [{ dob: '' }, 'Invalid date or date of birth is required'],
    [{ dob: '31-04-2000' }, 'Invalid date or date of birth is required'],
    [{ dob: '16-06-2026' }, 'Invalid date or date of birth is required'],
    [{ education_qualification: '' }, 'Please enter education qualification'],
    [{ income: 0 }, 'Please enter income'],
    [{ pan_file: '' }, 'Missing PAN'],
    [{ aadhaar_front_file: '' }, 'Missing aadhaar front'],
    [{ aadhaar_back_file: '' }, 'Missing aadhaar back'],
    [{ voter_id_file: '' }, 'Missing voter id'],
  ])('%j gives %s', (patch, message) => expect(familyMessage(patch)).toBe(message));
  it('reports in field order', () => expect(familyMessage({ voter_id_file: '', name: '' })).toBe('Invalid name'));
  it('shows add-more while the count is 5 or fewer', () => {
    expect(canAddFamilyMember(0)).toBe(true);
    expect(canAddFamilyMember(5)).toBe(true);
    expect(canAddFamilyMember(6)).toBe(false);
  });
});
