import { and, eq } from 'drizzle-orm';
import { BANK_SUFFIXES, BANKING_MSG, MSG, statementFileIds, type StatementIdentity, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { files, type FileRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import { STATEMENT_PROBLEMS, type Statement, type StatementReader } from '../../providers/banking/statement-reader';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { AuthUser } from '../../types';
import { RECORD_MSG } from '../co-applicants/application-records';
import { loadFileFor } from '../files/file-access';

/** '<what> failed: <why the statement could not be read>.' (a 422: the officer can act on it). */
export const unreadable = (what: string, problem: keyof typeof STATEMENT_PROBLEMS) => `${what}: ${STATEMENT_PROBLEMS[problem]}.`;

/**
 * The statement file a request names: an application upload (APPLY_LOAN) of the tenant. With an
 * application, one uploaded for it or for none yet; without, one the caller may read (its
 * application's people, or whoever uploaded it). Anything else is 'Invalid file' (or 404 for a
 * file the caller may not see).
 */
export async function statementFileFor(
  db: Db,
  tenant: Tenant,
  user: AuthUser,
  fileId: string,
  applicationId: string | undefined,
): Promise<Outcome<FileRow>> {
  if (!/^[0-9a-f]{32}$/.test(fileId)) return refuse(400, RECORD_MSG.invalidFile);
  if (applicationId === undefined) {
    const readable = await loadFileFor(db, tenant, user, fileId);
    if (!readable.ok) return readable;
    return readable.value.purpose === 'APPLY_LOAN' ? readable : refuse(400, RECORD_MSG.invalidFile);
  }
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.tenant_id, tenant), eq(files.id, fileId)));
  if (!row || row.purpose !== 'APPLY_LOAN' || (row.application_id !== null && row.application_id !== applicationId))
    return refuse(400, RECORD_MSG.invalidFile);
  return accept(row);
}

/**
 * Reads a stored statement through the provider; a file it cannot read is a 422 with the reason,
 * one over the reading budget a 422 'This PDF is damaged or too complex to read', and a tenant
 * with too many documents waiting a 429.
 */
export async function readStatementFile(
  storage: FileStorage,
  reader: StatementReader,
  file: FileRow,
  password: string | null | undefined,
  what: string,
): Promise<Outcome<Statement>> {
  const bytes = await storage.get(file.tenant_id, file.storage_name);
  if (!bytes) return refuse(422, unreadable(what, 'damaged'));
  const read = await reader.read(bytes, password, file.tenant_id);
  if (read.ok) return accept(read.statement);
  if (read.problem === 'tooComplex') return refuse(422, MSG.documentTooComplex);
  if (read.problem === 'busy') return refuse(429, MSG.documentsBusy, 60);
  return refuse(422, unreadable(what, read.problem));
}

export const IDENTITY_FAILED = BANKING_MSG.identityFailed;
export const CAM_FAILED = 'CAM processing failed';

/**
 * The names on the statements of the application's business details, as read by the identity
 * call (data.verifications.bank_statement[<file id>]): the bank step matches them with the
 * borrower's name beside the bank's holder name.
 */
export function statementNamesOf(data: Record<string, unknown>): string[] {
  const business = (data.app_mfi_business_details ?? {}) as Record<string, unknown>;
  const read = ((data.verifications as Record<string, unknown> | undefined)?.bank_statement ?? {}) as Record<
    string,
    { identity?: StatementIdentity }
  >;
  const names = BANK_SUFFIXES.flatMap((s) => statementFileIds(business[`bank_statement${s}`]))
    .map((id) => read[id]?.identity?.name)
    .filter((n): n is string => typeof n === 'string' && n !== '');
  return [...new Set(names)];
}
