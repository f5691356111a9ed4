import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { files, type ApplicationRow } from '../../db/schema';
import { refuse, type Outcome } from '../../outcome';
import type { AuthUser } from '../../types';
import { accessTo, isCreatorRole, loadApplicationFor, NOT_ALLOWED_HERE } from '../applications/application-access';
import { editRefusal } from '../applications/application-edit-rules';

/**
 * Who submits the business and bank steps (spec 02 §6, DECISIONS.md "Roles"): the first
 * create/update call (POST) is the relationship officer's, and the branch credit manager's
 * ("for business details BRANCH_CREDIT_MANAGER submits through the first create/update call");
 * the separate call (PATCH) is the branch manager's. The employment step has one call, for
 * whoever may change the application.
 */
export type StepVariant = 'officer-or-bcm' | 'branch-manager' | 'any-editor';

function variantAllows(user: AuthUser, variant: StepVariant): boolean {
  if (variant === 'any-editor') return true;
  if (variant === 'branch-manager') return user.role === 'MFI_EMPLOYEE' && user.mfi_employee === 'BRANCH_MANAGER';
  return isCreatorRole(user) || (user.role === 'MFI_EMPLOYEE' && user.mfi_employee === 'BRANCH_CREDIT_MANAGER');
}

/**
 * The application a step writes to, for its caller: another tenant's or another officer's is 404,
 * a designation the variant is not for 403, and the officer writes only while the PD1 side holds
 * it (DRAFT, PD1_REVIEW), a reviewer until it is final (409 otherwise), as for the KYC step.
 */
export async function loadStepApplication(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  user: AuthUser,
  id: string,
  variant: StepVariant,
  forUpdate = false,
): Promise<Outcome<ApplicationRow>> {
  const access = await loadApplicationFor(db, tenant, user, id, 'edit', forUpdate);
  if (!access.ok) return refuse(access.status, access.message);
  return stepAccess(user, access.application, variant);
}

/** The same checks on an application row already loaded (after refusalBeforeLookup). */
export function stepAccess(user: AuthUser, row: ApplicationRow | undefined, variant: StepVariant): Outcome<ApplicationRow> {
  const access = accessTo(user, row, 'edit');
  if (!access.ok) return refuse(access.status, access.message);
  if (!variantAllows(user, variant)) return refuse(403, NOT_ALLOWED_HERE);
  const closed = editRefusal(user, access.application.status);
  return closed ?? { ok: true, value: access.application };
}

/**
 * Every file id given is an application upload (APPLY_LOAN) of the tenant, uploaded for this
 * application or for none yet (an upload made offline before the application had its id).
 */
export async function filesOfApplication(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  applicationId: string,
  ids: readonly (string | null | undefined)[],
): Promise<boolean> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return true;
  if (wanted.some((id) => !/^[0-9a-f]{32}$/.test(id))) return false;
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.tenant_id, tenant),
        inArray(files.id, wanted),
        eq(files.purpose, 'APPLY_LOAN'),
        or(isNull(files.application_id), eq(files.application_id, applicationId)),
      ),
    );
  return found.length === wanted.length;
}
