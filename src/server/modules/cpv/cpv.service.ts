import { and, eq } from 'drizzle-orm';
import {
  BCM_SELFIE,
  CPV_PHOTOS,
  CPV_STAGE,
  cpvRoleIssue,
  geoCheck,
  geoTagField,
  unapprovedDeviations,
  type BusinessCpvForm,
  type CpvGeoTag,
  type CpvKind,
  type GeoCheck,
  type ReferenceList,
  type ResidenceCpvForm,
  type Tenant,
} from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { applications, type ApplicationRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import type { AuthUser } from '../../types';
import { accessTo, refusalBeforeLookup } from '../../kernels/access';
import { listCoApplicantRows, writeStep, blanksToNull } from '../../kernels/records';
import { checkFileRefs, refsOf } from '../../kernels/files';
import { voidStaleAcceptanceOf } from '../../kernels/offers';
import { cpvInfoOf, referenceListOf, type CpvInfoView } from './cpv.view';
import { pincodeCentroid } from './pincode-centroids';
import { isObject } from '../../../domain/shared/is-object';
import { byEnglish, said } from '../../kernels/messages';

export type FieldVerificationCall = { tenant: Tenant; user: AuthUser; db: Db; now: () => number };

/** What the CPV and reference calls answer: the application's status and stages with both records (merged into the phone's copy). */
export type FieldVerificationAnswer = {
  id: string;
  tracker_id: string | null;
  status: string;
  stage: string[];
  app_mfi_cpv_info: CpvInfoView;
  reference_list: Record<string, unknown>[];
};

type Data = Record<string, unknown>;
function answerOf(row: ApplicationRow): FieldVerificationAnswer {
  return {
    id: row.id,
    tracker_id: row.tracker_id,
    status: row.status,
    stage: row.stage,
    app_mfi_cpv_info: cpvInfoOf(row.data),
    reference_list: referenceListOf(row.data),
  };
}

/**
 * Who may submit field verification and references: the access policy's `field-verify` (the
 * tenant's reviewers, while the application is PD1_COMPLETE or PD2_REVIEW). An AGENT or an
 * unknown designation 403 before any lookup; another officer's or another tenant's application
 * 404; its own relationship officer 403 (the PD1 role cannot open reference items); another
 * state 409. The row is locked for the write.
 */
async function loadForFieldVerification(tx: Tx, tenant: Tenant, user: AuthUser, id: string): Promise<Outcome<ApplicationRow>> {
  const before = refusalBeforeLookup(user, id);
  if (before) return refusedAs(before);
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)))
    .for('update');
  const access = accessTo(user, row, 'field-verify');
  return access.ok ? accept(access.application) : refusedAs(access);
}

/** The pincode a CPV's photos are measured from: the business's for the business place (else the borrower's), the borrower's for the residence. */
export function declaredPincode(data: Data, kind: CpvKind): string | null {
  const business = isObject(data.app_mfi_business_details) ? data.app_mfi_business_details.business_pincode : undefined;
  const own = data.pincode;
  const pick = kind === 'business_place' && typeof business === 'string' && business !== '' ? business : own;
  return typeof pick === 'string' && pick !== '' ? pick : null;
}

/** The server's geo check of each photo given (DECISIONS.md: distance to the pincode's centroid, flagged beyond 5 km). */
export function geoChecksOf(kind: CpvKind, form: Data, pincode: string | null): GeoCheck[] {
  const centroid = pincodeCentroid(pincode);
  return CPV_PHOTOS[kind]
    .filter((photo) => typeof form[photo] === 'string' && form[photo] !== '')
    .map((photo) => geoCheck(photo, form[geoTagField(photo)] as CpvGeoTag | undefined, centroid));
}

const META = new Set(['geo_checks', 'geo_pincode', 'updated_by', 'updated_at', 'has_bcm_selfie']);

/** JSON with every object's keys sorted (jsonb keeps its own key order), for comparing what was stored with what is sent. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
const withoutMeta = (record: Data) => Object.fromEntries(Object.entries(record).filter(([k]) => !META.has(k)));
const sameRecord = (stored: Data | null, form: Data) => stored !== null && canonical(withoutMeta(stored)) === canonical(form);

/**
 * POST /:id/business-cpv-info and /:id/residence-cpv-info: the CPV of one place, saved over any
 * earlier one, with the server's geo checks; records CPV_BUSINESS_PLACE / CPV_RESIDENCE. Refused
 * with 409 'Cannot proceed with unapproved deviations' while any deviation of the application or
 * of a co-applicant is PENDING or REJECTED; the branch credit manager must give the selfie with
 * BCM. The same body again changes nothing and answers the same.
 */
export async function saveCpv(
  call: FieldVerificationCall,
  id: string,
  body: BusinessCpvForm | ResidenceCpvForm,
  kind: CpvKind,
): Promise<Outcome<FieldVerificationAnswer>> {
  const { db, tenant, user, now } = call;
  return transact(db, async (tx) => {
    const loaded = await loadForFieldVerification(tx, tenant, user, id);
    if (!loaded.ok) return loaded;
    const application = loaded.value;
    const form = blanksToNull({ ...(body as Data) });
    const role = cpvRoleIssue(kind, user.mfi_employee, form);
    if (role) return refuse(400, byEnglish(role.message));
    const coRows = await listCoApplicantRows(tx, tenant, id);
    const blocking = unapprovedDeviations(
      application.data,
      coRows.map((c) => ({ status: c.status, deviations: c.data.deviations })),
    );
    if (blocking.length > 0) return refuse(409, said('cpv.unapprovedDeviations'));
    const foreignFile = await checkFileRefs(tx, tenant, id, refsOf(form, [...CPV_PHOTOS[kind], 'qr_code_upload']));
    if (foreignFile) return foreignFile;

    const info = cpvInfoOf(application.data);
    if (sameRecord(info[kind], form) && application.stage.includes(CPV_STAGE[kind])) return accept(answerOf(application));
    const pincode = declaredPincode(application.data, kind);
    const record = {
      ...form,
      geo_pincode: pincode,
      geo_checks: geoChecksOf(kind, form, pincode),
      has_bcm_selfie: typeof form[BCM_SELFIE[kind]] === 'string',
      updated_by: user.id,
      updated_at: new Date(now()).toISOString(),
    };
    const row = await writeStep(tx, tenant, id, { app_mfi_cpv_info: { ...info, [kind]: record } }, CPV_STAGE[kind], now());
    // New CPV figures void an accepted offer computed on the old ones, with this write (offer-binding.ts).
    await voidStaleAcceptanceOf(tx, tenant, id, user.id, now(), application);
    return accept(answerOf(row));
  });
}

/**
 * PATCH /:id/reference: the application's references (1-3), the whole list saved over the
 * earlier one (each reference keeps the id made on the phone); records REFERENCES. The same body
 * again changes nothing.
 */
export async function saveReferences(
  call: FieldVerificationCall,
  id: string,
  body: ReferenceList,
): Promise<Outcome<FieldVerificationAnswer>> {
  const { db, tenant, user, now } = call;
  return transact(db, async (tx) => {
    const loaded = await loadForFieldVerification(tx, tenant, user, id);
    if (!loaded.ok) return loaded;
    const application = loaded.value;
    const list = body.reference_list.map((r) => blanksToNull({ ...r }) as Data);
    const stored = referenceListOf(application.data);
    if (application.stage.includes('REFERENCES') && canonical(stored) === canonical(list)) return accept(answerOf(application));
    const row = await writeStep(tx, tenant, id, { reference_list: list, reference_updated_by: user.id }, 'REFERENCES', now());
    return accept(answerOf(row));
  });
}

export const REFERENCES_ADDED = said('reference.added');
