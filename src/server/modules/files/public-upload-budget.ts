import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema';
import { refuse, type Refusal } from '../../outcome';
import { said, type Said } from '../../kernels/messages';

export const PUBLIC_UPLOAD_WINDOW_MS = 24 * 3_600_000;

export const PUBLIC_UPLOAD_MSG = {
  oneFile: said('publicUpload.oneFile'),
  addressBudget: said('publicUpload.addressBudget'),
  tenantBudget: said('publicUpload.tenantBudget'),
  guestBudget: 'You have uploaded too much today. Please try again tomorrow, or ask the branch for help.',
} as const;

type Budgets = Pick<Config, 'publicUploadBytesPerAddressDay' | 'publicUploadBytesPerTenantDay'>;
type GuestBudgets = Pick<Config, 'guestUploadBytesPerMobileDay' | 'guestUploadBytesPerAddressDay'>;
type Window = { where: SQL | undefined; max: number; message: string | Said };

/** Decides, inside the transaction that records the file, whether `size` more bytes fit. */
export type UploadBudget = (tx: Tx, size: number) => Promise<Refusal | null>;

/**
 * The byte budget of public (join-us) uploads: what was uploaded in the last 24 hours from this
 * client address, and to this tenant from anywhere. Counted from the files table itself (an
 * unclaimed upload is removed after 24 hours, so it counts for its whole day), under a lock per
 * tenant, so two uploads at once cannot both take the last bytes and every API node agrees.
 */
export function publicUploadBudget(budgets: Budgets, tenant: Tenant, address: string, now: number): UploadBudget {
  return byteBudget(`public-upload:${tenant}`, now, (since) => {
    const ofTenant = and(eq(files.tenant_id, tenant), eq(files.purpose, 'JOIN_US'), gt(files.created_at, since));
    return [
      {
        where: and(ofTenant, eq(files.client_address, address)),
        max: budgets.publicUploadBytesPerAddressDay,
        message: PUBLIC_UPLOAD_MSG.addressBudget,
      },
      { where: ofTenant, max: budgets.publicUploadBytesPerTenantDay, message: PUBLIC_UPLOAD_MSG.tenantBudget },
    ];
  });
}

/**
 * The byte budget of a guest's uploads (DECISIONS "Public applicant flow": limited per mobile and
 * address): what the guest's application (one mobile's) got in the last 24 hours, and what guests
 * uploaded from this client address; under a lock per tenant, as above.
 */
export function guestUploadBudget(
  budgets: GuestBudgets,
  tenant: Tenant,
  guest: { id: number; applicationId: string },
  address: string,
  now: number,
): UploadBudget {
  return byteBudget(`guest-upload:${tenant}`, now, (since) => {
    const ofGuests = and(eq(files.tenant_id, tenant), eq(files.uploaded_by, guest.id), gt(files.created_at, since));
    return [
      {
        where: and(ofGuests, eq(files.application_id, guest.applicationId)),
        max: budgets.guestUploadBytesPerMobileDay,
        message: PUBLIC_UPLOAD_MSG.guestBudget,
      },
      {
        where: and(ofGuests, eq(files.client_address, address)),
        max: budgets.guestUploadBytesPerAddressDay,
        message: PUBLIC_UPLOAD_MSG.addressBudget,
      },
    ];
  });
}

function byteBudget(lockKey: string, now: number, windowsOf: (since: Date) => Window[]): UploadBudget {
  return async (tx, size) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    for (const { where, max, message } of windowsOf(new Date(now - PUBLIC_UPLOAD_WINDOW_MS))) {
      const [used] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)`, oldest: sql<Date | string | null>`min(${files.created_at})` })
        .from(files)
        .where(where);
      if (Number(used!.bytes) + size <= max) continue;
      // Until the oldest upload counted leaves the day (the earliest moment anything is freed).
      const oldest = used!.oldest === null ? now : new Date(used!.oldest).getTime();
      return refuse(429, message, Math.max(60, Math.ceil((oldest + PUBLIC_UPLOAD_WINDOW_MS - now) / 1000)));
    }
    return null;
  };
}
