import { BANK_SUFFIXES, BANKING_MSG, PATTERNS, statementFileIds, type StatementIdentity, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import type { FileRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import { STATEMENT_PROBLEMS, type Statement, type StatementReader } from '../../documents/readers/statement-reader';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { AuthUser } from '../../types';
import { loadFileFor } from '../files/file-access';
import { checkFileRefs, invalidFileMessage } from '../../kernels/files';
import { findFile } from '../files/files.service';
import { byEnglish, said } from '../../kernels/messages';

/** '<what> failed: <why the statement could not be read>.' (a 422: the officer can act on it). */
export const unreadable = (what: string, problem: keyof typeof STATEMENT_PROBLEMS) => `${what}: ${STATEMENT_PROBLEMS[problem]}.`;

/**
 * The statement file a request names: an application upload (APPLY_LOAN) of the tenant. With an
 * application, one uploaded for it or for none yet; without, one the caller may read (its
 * application's people, or whoever uploaded it). Anything else is 400 naming the field (or 404
 * for a file the caller may not see).
 */
export async function statementFileFor(
  db: Db,
  tenant: Tenant,
  user: AuthUser,
  fileId: string,
  applicationId: string | undefined,
  field = 'file_id',
): Promise<Outcome<FileRow>> {
  if (!PATTERNS.applicationId.test(fileId)) return refuse(400, byEnglish(invalidFileMessage(field)));
  if (applicationId === undefined) {
    const readable = await loadFileFor(db, tenant, user, fileId);
    if (!readable.ok) return readable;
    return readable.value.purpose === 'APPLY_LOAN' ? readable : refuse(400, byEnglish(invalidFileMessage(field)));
  }
  const foreign = await checkFileRefs(db, tenant, applicationId, { [field]: fileId });
  if (foreign) return foreign;
  const row = await findFile(db, tenant, fileId);
  return row ? accept(row) : refuse(400, byEnglish(invalidFileMessage(field)));
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
  if (!bytes) return refuse(422, byEnglish(unreadable(what, 'damaged')));
  const read = await reader.read(bytes, password, file.tenant_id);
  if (read.ok) return accept(read.statement);
  if (read.problem === 'tooComplex') return refuse(422, said('msg.documentTooComplex'));
  if (read.problem === 'busy') return refuse(429, said('msg.documentsBusy'), 60);
  return refuse(422, byEnglish(unreadable(what, read.problem)));
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
