import type { KeyRing } from '../../providers/kms/kms-provider';
import { calendarDateOf, type CalendarDate, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import type { VerificationProviders } from '../../providers/verification-providers';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../types';

/** What the application steps need from the app: its database, clock, providers and the Aadhaar key. */
export type ApplicationDeps = {
  db: Db;
  clock: Clock;
  providers: VerificationProviders;
  aadhaarKey: KeyRing;
};

/** A step's call: `body` is the route's parsed body where the route schema validates it, else unknown. */
export type StepCall<Body = unknown> = { tenant: Tenant; user: AuthUser; id: string; body: Body };

/** The day the forms' age rules are checked against: India's date on the app's clock. */
export const todayOf = (deps: Pick<ApplicationDeps, 'clock'>): CalendarDate => calendarDateOf(new Date(deps.clock.now()));
