import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import type { FileRow } from '../../db/schema';
import { refuse, refusedAs, type Outcome, type Refusal } from '../../outcome';
import type { AuthUser } from '../../types';
import { loadApplicationFor, mayUseApplications, NOT_ALLOWED_HERE } from '../../kernels/access';
import { findFile } from './files.service';
import { said } from '../../kernels/messages';

export const FILE_NOT_FOUND = said('text.fileNotFound');

/**
 * Who may read a stored file (a signed link to it): an application's files, whoever may read the
 * application; an upload not yet attached, the one who uploaded it; a partner's document, a
 * branch manager of the tenant. Anyone else is told it does not exist.
 */
export async function loadFileFor(db: Db, tenant: Tenant, user: AuthUser, fileId: string): Promise<Outcome<FileRow>> {
  if (!mayUseApplications(user)) return refuse(403, NOT_ALLOWED_HERE);
  const row = await findFile(db, tenant, fileId);
  if (!row) return refuse(404, FILE_NOT_FOUND);
  if (row.purpose === 'JOIN_US') return user.mfi_employee === 'BRANCH_MANAGER' ? { ok: true, value: row } : refuse(404, FILE_NOT_FOUND);
  if (!row.application_id) return row.uploaded_by === user.id ? { ok: true, value: row } : refuse(404, FILE_NOT_FOUND);
  const access = await loadApplicationFor(db, tenant, user, row.application_id, 'read');
  return access.ok ? { ok: true, value: row } : access.status === 404 ? refuse(404, FILE_NOT_FOUND) : refusedAs(access);
}

/**
 * Who may attach an upload to an application: the access policy's `upload` for its present state. Without an application, any
 * designation that takes part in applications (an AGENT does not).
 */
export async function uploadRefusal(db: Db, tenant: Tenant, user: AuthUser, applicationId: string | undefined): Promise<Refusal | null> {
  if (!mayUseApplications(user)) return refuse(403, NOT_ALLOWED_HERE);
  if (applicationId === undefined) return null;
  const access = await loadApplicationFor(db, tenant, user, applicationId, 'upload');
  return access.ok ? null : access;
}
