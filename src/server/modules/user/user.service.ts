import type { Profile, ProfileRole } from '../../../domain';
import type { UserRow } from '../../db/schema';

/** Spec 01 §3 Profile: missing text fields are empty strings; mfi_employee stays null when unset. */
export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email ?? '',
    mobile: user.mobile,
    address: user.address ?? '',
    pincode: user.pincode ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    role: user.role as ProfileRole, // the column's check constraint admits only the ProfileRole values
    mfi_employee: user.mfi_employee,
    pan: user.pan ?? '',
    aadhaar_front: user.aadhaar_front ?? '',
    aadhaar_back: user.aadhaar_back ?? '',
    cancelled_cheque: user.cancelled_cheque ?? '',
    account_number: user.account_number ?? '',
    bank_name: user.bank_name ?? '',
    ifsc: user.ifsc ?? '',
  };
}
