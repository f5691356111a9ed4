import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkTransition, kycSchema, PATTERNS, type ApplicationView, type KycForm, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications, files } from '../../db/schema';
import { transact } from '../../db/transact';
import { parseInput } from '../../http/envelope';
import { accept, refuse, type Outcome } from '../../outcome';
import type { BureauProvider, BureauResult } from '../../providers/bureau/bureau-provider';
import { ProviderUnavailableError } from '../../providers/unconfigured.provider';
import { loadApplicationFor, withStage } from './application-access';
import { isPlainObject, type ApplicationDeps, type StepCall } from './application-deps';
import { kycStepRefusal } from './application-edit-rules';
import { applicationView } from './application-view.service';
import { APPLICATION_MSG } from './applications.messages';

const FILE_FIELDS = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file', 'voter_id_back_file'] as const;

/** Every file the form names is an application upload of the tenant. */
async function filesExist(db: Pick<Db, 'select'>, tenant: Tenant, kyc: KycForm): Promise<boolean> {
  const ids = [...new Set(FILE_FIELDS.map((f) => kyc[f]).filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (ids.length === 0) return true;
  if (ids.some((id) => !PATTERNS.applicationId.test(id))) return false;
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.tenant_id, tenant), inArray(files.id, ids), eq(files.purpose, 'APPLY_LOAN')));
  return found.length === ids.length;
}

async function runBureau(bureau: BureauProvider, pan: string): Promise<Outcome<BureauResult>> {
  try {
    return accept(await bureau.check(pan));
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return refuse(503, error.message);
    throw error;
  }
}

/** What a bureau answer writes on the application: a rejection rejects it, with the reasons. */
function bureauPatch(result: BureauResult): Record<string, unknown> {
  const rejected = result.decision === 'REJECTED';
  return { approval_checks: result, bureau_deviation_exists: rejected, rejection_reason: rejected ? result.reasons.join(', ') : null };
}

/**
 * PATCH /:id/basic-info, the KYC submit: the form (gender is the borrower's), its files, then the
 * bureau on the borrower's PAN, called outside the transaction so a slow bureau holds no lock.
 * The write then re-reads the locked row and refuses if the PAN or status changed meanwhile.
 */
export async function submitKycStep(deps: ApplicationDeps, call: StepCall): Promise<Outcome<ApplicationView>> {
  const access = await loadApplicationFor(deps.db, call.tenant, call.user, call.id, 'edit');
  if (!access.ok) return refuse(access.status, access.message);
  const application = access.application;
  const gender = typeof application.data.gender === 'string' ? application.data.gender : null;
  const kyc = parseInput(kycSchema, isPlainObject(call.body) ? { ...call.body, gender } : call.body);
  if (!kyc.ok) return refuse(400, kyc.message);
  if (!(await filesExist(deps.db, call.tenant, kyc.value))) return refuse(400, APPLICATION_MSG.invalidFile);
  const closed = kycStepRefusal(call.user, application.status);
  if (closed) return closed;
  const pan = application.data.pan;
  if (!application.stage.includes('BORROWER_INFO') || typeof pan !== 'string') return refuse(409, APPLICATION_MSG.borrowerStepFirst);
  const bureau = await runBureau(deps.providers.bureau, pan);
  if (!bureau.ok) return bureau;

  const now = deps.clock.now();
  const written = await transact(deps.db, async (tx) => {
    const locked = await loadApplicationFor(tx, call.tenant, call.user, call.id, 'edit', true);
    if (!locked.ok) return refuse(locked.status, locked.message);
    const current = locked.application;
    if (current.data.pan !== pan || current.status !== application.status) return refuse(409, APPLICATION_MSG.changedMeanwhile);
    const patch = { kyc: kyc.value, ...bureauPatch(bureau.value) };
    const reject = bureau.value.decision === 'REJECTED' && checkTransition(current.status, 'REJECTED').ok;
    const [row] = await tx
      .update(applications)
      .set({
        data: sql`${applications.data} || ${JSON.stringify(patch)}::jsonb`,
        stage: withStage('BORROWER_BASIC_INFO'),
        ...(reject ? { status: 'REJECTED' } : {}),
        updated_at: new Date(now),
      })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, call.id)))
      .returning();
    return accept(row!);
  });
  if (!written.ok) return written;
  return accept(await applicationView(deps.db, call.tenant, written.value));
}
