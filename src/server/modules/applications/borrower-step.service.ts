import { isObject } from '../../../domain/shared/is-object';
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { borrowerSchema, deviationsSchema, LANGUAGE_MSG, LANGUAGES, type ApplicationView, type CalendarDate } from '../../../domain';
import type { FastifyRequest } from 'fastify';
import { applications, type ApplicationRow } from '../../db/schema';
import type { KeyRing } from '../../providers/kms/kms-provider';
import { decryptAadhaar } from '../../keys/aadhaar-crypto';
import { transact } from '../../db/transact';
import { accept, type Outcome, refusedAs } from '../../outcome';
import { addStage, loadApplicationFor } from '../../kernels/access';
import { borrowerFileRefusal } from '../../kernels/files';
import type { ApplicationDeps, StepCall } from './application-deps';
import { applicationViewById } from './application-view.service';
import { checkBorrowerIdentity } from './borrower-identity.service';
import { aadhaarVerified, borrowerRecord } from './borrower-record';

/**
 * The body of PUT /:id (the route's schema): the borrower form with its cross-field rules, the
 * deviations it continues with, and the borrower's language when the officer picks it (issue 37).
 */
export const borrowerStepBody = (today: CalendarDate) =>
  z.safeExtend(borrowerSchema(today), { deviations: deviationsSchema, borrower_language: z.optional(z.enum(LANGUAGES, LANGUAGE_MSG)) });
export type BorrowerStepBody = z.output<ReturnType<typeof borrowerStepBody>>;

/**
 * The borrower step as sent, with the stored Aadhaar put in when it came without one and the
 * stored number is the one verified by OTP: that number can no longer change, and a phone keeps
 * only its last 4 digits, so a second save of the step (another phone, a correction of the
 * address) sends none. Otherwise the body is as sent, and the schema asks for the number.
 */
export function withStoredAadhaar(body: unknown, application: ApplicationRow, key: KeyRing): unknown {
  if (!isObject(body)) return body;
  const sent = (body as Record<string, unknown>).aadhaar;
  if (sent !== undefined && sent !== null && sent !== '') return body;
  const data = application.data;
  if (typeof data.aadhaar_encrypted !== 'string' || !aadhaarVerified(data, key)) return body;
  return { ...body, aadhaar: decryptAadhaar(key, data.aadhaar_encrypted) };
}

/** PUT /:id's read before its body: the application for the borrower step (404, 403, 409 first), and its stored verified Aadhaar for a body without one. */
export async function loadBorrowerStep(deps: ApplicationDeps, request: FastifyRequest): Promise<Outcome<ApplicationRow>> {
  const id = String((request.params as { id?: unknown }).id ?? '');
  const access = await loadApplicationFor(deps.db, request.tenant, request.user!, id, 'borrower-step');
  if (!access.ok) return refusedAs(access);
  request.body = withStoredAadhaar(request.body, access.application, deps.aadhaarKey);
  return accept(access.application);
}

/** The borrower step's file reference: the photo from the Aadhaar check. */
const BORROWER_FILE_FIELDS = ['borrower_photo_from_aadhaar'] as const;

/**
 * PUT /:id, the borrower step (first-type update): its relationship officer, on a DRAFT. The
 * form comes parsed by the route schema (the shared one); its file is checked, the identity
 * checks and the name match run on the locked row, and the form, its deviations and the
 * BORROWER_INFO stage are written together.
 */
export async function submitBorrowerStep(deps: ApplicationDeps, call: StepCall<BorrowerStepBody>): Promise<Outcome<ApplicationView>> {
  const now = deps.clock.now();
  const { deviations: sent, borrower_language: language, ...form } = call.body;
  const written = await transact(deps.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, call.id, 'borrower-step', true);
    if (!access.ok) return refusedAs(access);
    const application = access.application;
    const foreignFile = await borrowerFileRefusal(tx, call.tenant, call.id, form, BORROWER_FILE_FIELDS);
    if (foreignFile) return foreignFile;
    const supplied = (sent ?? []).map((d) => d.type);
    const deviations = await checkBorrowerIdentity(deps.providers.nameMatch, application, form, supplied);
    if (!deviations.ok) return deviations;
    const patch = { ...borrowerRecord(form, deps.aadhaarKey), deviations: deviations.value };
    await tx
      .update(applications)
      .set({
        data: sql`${applications.data} || ${JSON.stringify(patch)}::jsonb`,
        updated_at: new Date(now),
        ...(language ? { borrower_language: language } : {}),
      })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, call.id)));
    await addStage(tx, call.tenant, call.id, 'BORROWER_INFO', now);
    return accept(null);
  });
  if (!written.ok) return written;
  return accept(await applicationViewById(deps.db, call.tenant, call.id));
}
