import { and, desc, eq } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';

const OUTBOX_PAGE = 50;

/** The SMS outbox of one tenant's mobile, newest first. */
export async function listOutbox(db: Db, tenant: Tenant, mobile: string) {
  const rows = await db
    .select({ to: smsOutbox.to, text: smsOutbox.text, otp: smsOutbox.otp, sent_at: smsOutbox.sent_at })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.tenant_id, tenant), eq(smsOutbox.to, mobile)))
    .orderBy(desc(smsOutbox.sent_at), desc(smsOutbox.id))
    .limit(OUTBOX_PAGE);
  return rows.map((row) => ({ ...row, sent_at: row.sent_at.toISOString() }));
}
