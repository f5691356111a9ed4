import {
  queuedPathOf,
  STEP_ROUTES,
  BUSINESS_FIGURES,
  geoTagField,
  RESIDENCE_FIGURES,
  type BusinessCpvForm,
  type BusinessFigure,
  type CpvGeoTag,
  type CpvKind,
  type GeoCheck,
  type ResidenceCpvForm,
  type ResidenceFigure,
} from '../../../domain';
import type { FormText } from '../../components/form';
import { IMAGES_ONLY, type AcceptToken } from '../../components/upload/check-file';
import type { CpvKey } from './cpv.text';
import { isObject } from '../../../domain/shared/is-object';

/** Draft and step names of the two CPV forms (spec 02 §3 "Local drafts": CPV). */
export const CPV_FORM: Record<CpvKind, string> = { business_place: 'cpv_business_place', residence: 'cpv_residence' };
export const CPV_URL: Record<CpvKind, string> = {
  business_place: queuedPathOf(STEP_ROUTES.businessCpv),
  residence: queuedPathOf(STEP_ROUTES.residenceCpv),
};
export const CPV_VERIFICATION_TYPE = { business_place: 'BUSINESS_PLACE_VERIFICATION', residence: 'RESIDENCE_VERIFICATION' } as const;
export const CPV_LABEL: Record<CpvKind, string> = { business_place: 'Business CPV', residence: 'Residence CPV' };
export const CPV_KINDS: readonly CpvKind[] = ['business_place', 'residence'];

export type CpvDocument = {
  /** The body field (spec 02 §3). */
  field: string;
  /** The phone's file field. */
  uploadField: string;
  label: CpvKey;
  file_type: string;
  accept: AcceptToken[];
  /** Photos carry their geo tag (`<field>_geo_tag`); the QR code does not. */
  geoTag: boolean;
  /** A selfie with the branch credit manager (required from them). */
  selfie?: boolean;
};

const doc = (field: string, label: CpvKey, file_type: string, geoTag = true): CpvDocument => ({
  field,
  uploadField: `cpv.${field}`,
  label,
  file_type,
  accept: IMAGES_ONLY,
  geoTag,
  selfie: file_type.endsWith('_SELFIE_BCM'),
});

/** The uploads of each CPV, in screen order. */
export const CPV_DOCUMENTS: Record<CpvKind, CpvDocument[]> = {
  business_place: [
    doc('shop_photo_file', 'cpv.shopPhoto', 'SHOP_PHOTO'),
    doc('shop_selfie_photo_file', 'cpv.shopSelfie', 'SHOP_SELFIE_BCM'),
    doc('shop_photo_pd2_file', 'cpv.shopPhotoPd2', 'SHOP_PHOTO_PD2'),
    doc('qr_code_upload', 'cpv.qrCode', 'QR_CODE', false),
  ],
  residence: [
    doc('house_selfie_photo_file', 'cpv.houseSelfie', 'HOUSE_SELFIE_BCM'),
    doc('house_photo_pd2_file', 'cpv.housePhotoPd2', 'HOUSE_PHOTO_PD2'),
  ],
};
/** Spec 01 §7: field verification uploads go with the business info. */
export const CPV_UPLOAD = { upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', name_prefix: 'cpv' } as const;

export const CPV_FIGURES: Record<CpvKind, readonly (BusinessFigure | ResidenceFigure)[]> = {
  business_place: Object.keys(BUSINESS_FIGURES) as BusinessFigure[],
  residence: Object.keys(RESIDENCE_FIGURES) as ResidenceFigure[],
};
export const isPercentage = (name: string) => name.endsWith('_percentage');
/** The unit shown beside a figure (issue 21 D17): rupees, per cent or days. */
export const unitOf = (name: string): CpvKey =>
  isPercentage(name) ? 'cpv.unitPercent' : name.endsWith('_days') || name === 'days_payable' ? 'cpv.unitDays' : 'cpv.unitRupees';

/** A place's form: its figures and remarks (the schema's output fields) as text; each form holds its own place's. */
export type CpvValues = Partial<FormText<BusinessCpvForm & ResidenceCpvForm, BusinessFigure | ResidenceFigure | 'remarks'>>;

export const cpvInputId = (kind: CpvKind, name: string) => `cpv-${kind}-${name}`;

/** The form's typed values (figures and remarks as text) from a draft, a submitted step or the server's record. */
export function toCpvValues(kind: CpvKind, source: unknown): CpvValues {
  const values: CpvValues = { remarks: '' };
  for (const name of CPV_FIGURES[kind]) values[name] = '';
  if (!isObject(source)) return values;
  for (const name of Object.keys(values) as (keyof CpvValues)[]) {
    const value = source[name];
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value);
  }
  return values;
}

/** A figure as typed: digits, and for a percentage one decimal point with at most 2 decimals. */
export function figureInput(name: string, value: string): string {
  if (!isPercentage(name)) return value.replace(/[^0-9]/g, '').slice(0, 13);
  const [whole = '', ...rest] = value.replace(/[^0-9.]/g, '').split('.');
  return rest.length === 0 ? whole.slice(0, 3) : `${whole.slice(0, 3)}.${rest.join('').slice(0, 2)}`;
}

/** The server's CPV record of a place (with its geo checks), from the application's view. */
export function serverCpv(server: Record<string, unknown> | undefined, kind: CpvKind): Record<string, unknown> | null {
  const info = server?.app_mfi_cpv_info;
  if (!isObject(info)) return null;
  const record = info[kind];
  return isObject(record) ? record : null;
}

export const geoChecksOf = (record: Record<string, unknown> | null): GeoCheck[] =>
  Array.isArray(record?.geo_checks) ? (record.geo_checks as GeoCheck[]).filter(isObject) : [];

/** The geo tag a photo is sent with: the file's on this phone, else the server's, else 0, 0 (spec 02 §3). */
export function geoTagOf(
  local: { latitude: number; longitude: number } | undefined,
  server: Record<string, unknown> | null,
  field: string,
): CpvGeoTag {
  if (local) return { latitude: local.latitude, longitude: local.longitude };
  const stored = server?.[geoTagField(field)];
  if (isObject(stored) && typeof stored.latitude === 'number' && typeof stored.longitude === 'number')
    return { latitude: stored.latitude, longitude: stored.longitude };
  return { latitude: 0, longitude: 0 };
}
