import * as z from 'zod/mini';
import { PROFILE_ROLES } from '../policy/enums';

/** Spec 01 §3 Profile, as `GET /api/v1/user/me` answers it: every field (the role is the column's, checked to these values). */
export const profileSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  role: z.enum(PROFILE_ROLES),
  /** A designation (policy/enums.ts), or none. */
  mfi_employee: z.nullable(z.string()),
  pan: z.string(),
  aadhaar_front: z.string(),
  aadhaar_back: z.string(),
  cancelled_cheque: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  ifsc: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
