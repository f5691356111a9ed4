import { describe, expect, it } from 'vitest';
import { firstMessage, loginMobileSchema, otpSchema, sendOtpBody, verifyOtpBody } from '../../../src/domain/identity/auth.schema';
import { joinUsRequestSchema, joinUsTrackSchema } from '../../../src/domain/identity/join-us.schema';

describe('login schemas', () => {
  it('trims and accepts a valid mobile', () => expect(loginMobileSchema.parse(' 9000000001 ')).toBe('9000000001'));
  it.each(['5000000001', '900000000', 12, null])('refuses %j with the spec message', (v) =>
    expect(firstMessage(loginMobileSchema.safeParse(v).error)).toBe('Invalid mobile number'),
  );
  it.each(['12345', 'abcdef', '1234567'])('refuses OTP %s with Invalid OTP', (v) =>
    expect(firstMessage(otpSchema.safeParse(v).error)).toBe('Invalid OTP'),
  );
  it('send-otp body needs a mobile', () => expect(firstMessage(sendOtpBody.safeParse({}).error)).toBe('Invalid mobile number'));
  it('verify body needs a session id', () =>
    expect(firstMessage(verifyOtpBody.safeParse({ otp: '123456' }).error)).toBe('session_id is required'));
});

const valid = {
  first_name: 'Ra',
  last_name: 'Ku',
  mobile: '9876543210',
  email: 'ra@ku.in',
  pincode: '560034',
  city: 'Bengaluru',
  state: 'Karnataka',
  address: '12 MG Rd',
  bank_name: 'SBI',
  account_number: '123456789',
  ifsc: 'SBIN0001234',
  pan: 'file-1',
  aadhaar_front: 'file-2',
  aadhaar_back: 'file-3',
  cancelled_cheque: 'file-4',
};
const messageFor = (patch: Record<string, unknown>) => firstMessage(joinUsRequestSchema.safeParse({ ...valid, ...patch }).error, 'ok');

describe('partner registration schema (spec 01 §5)', () => {
  it('accepts the edges: 2-character names, 8-character address, 9 and 18 digit accounts', () => {
    expect(messageFor({})).toBe('ok');
    expect(messageFor({ account_number: '123456789012345678' })).toBe('ok');
  });
  it.each([
    [{ first_name: 'R' }, 'Invalid first name'],
    [{ last_name: 'K' }, 'Invalid last name'],
    [{ mobile: '12345' }, 'Invalid mobile'],
    [{ email: 'ra@' }, 'Invalid email'],
    [{ pincode: '060034' }, 'Invalid pincode'],
    [{ city: '' }, 'Invalid city'],
    [{ state: ' ' }, 'Invalid state'],
    [{ address: '12 MG R' }, 'Invalid address'],
    [{ bank_name: 'SB' }, 'Invalid bank name'],
    [{ account_number: '12345678' }, 'Invalid account number'],
    [{ account_number: '1234567890123456789' }, 'Invalid account number'],
    [{ ifsc: 'SBIN1001234' }, 'Invalid IFSC'],
    [{ pan: '' }, 'Missing PAN'],
    [{ aadhaar_front: undefined }, 'Missing aadhaar front'],
    [{ aadhaar_back: '' }, 'Missing aadhaar back'],
    [{ cancelled_cheque: undefined }, 'Missing cancelled cheque'],
  ])('%j gives %s', (patch, message) => expect(messageFor(patch)).toBe(message));
  it('shows only the first message, in field order', () => expect(messageFor({ first_name: '', email: 'x' })).toBe('Invalid first name'));
  it('tracking needs a valid mobile', () => {
    expect(joinUsTrackSchema.safeParse({ tracker_id: '9876543210' }).success).toBe(true);
    expect(firstMessage(joinUsTrackSchema.safeParse({ tracker_id: '98765' }).error)).toBe('Invalid mobile');
  });
});
