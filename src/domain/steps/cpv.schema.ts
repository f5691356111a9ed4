import { isObject } from '../shared/is-object';
import { statusesAllowing } from '../policy/access-policy';
import * as z from 'zod/mini';
import { APP_MSG as M } from '../messages/application-messages';
import { fileId, isBlank, mobile, optionalFileId, optionalText, orderedRules } from './form-checks';
import { TEXT_MAX, TOO_LONG } from '../policy/limits';

/**
 * Field verification (CPV, spec 02 §3 "CPV info", §5 "CPV"): the business place and the
 * residence, each a form of its own with its own call. Figures are coerced to numbers and must be
 * 0 or more, with a message made from the field's label ('Monthly cash sales must be a
 * non-negative number'); money is whole rupees (the loan offer's maths is exact to the rupee),
 * days whole days, percentages 0-100 with at most 2 decimals. The figures that drive the loan
 * offer's engine (monthly sales, gross margin %, the household expenses) are required: blank is
 * 'Monthly cash sales is required', never 0 (DECISIONS.md "Business rules engine"). Another
 * figure left blank stays blank (null), and 0 typed is 0.
 */

/** Spec 02 §9 verification types as sent (form-options.ts VERIFICATION_TYPES holds their labels). */
export const VERIFICATION_TYPE_CODES = ['BUSINESS_PLACE_VERIFICATION', 'RESIDENCE_VERIFICATION'] as const;
export type VerificationType = (typeof VERIFICATION_TYPE_CODES)[number];
export type CpvKind = 'business_place' | 'residence';

export const CPV_MSG = {
  invalidVerificationType: 'Invalid verification type',
  qrCodeRequired: 'QR code upload is required for the business place verification',
  shopSelfieRequired: 'Shop selfie with BCM is required',
  houseSelfieRequired: 'House selfie with BCM is required',
  unapprovedDeviations: 'Cannot proceed with unapproved deviations',
  unapprovedDeviationsTitle: 'Unapproved Deviations Detected',
  /** ours: a geo tag outside the earth's coordinates. */
  invalidGeoTag: 'Invalid location',
} as const;

/** The largest figure a form takes (₹10 lakh crore, well inside a safe integer). */
export const CPV_AMOUNT_MAX = 1_000_000_000_000;
/** The most days a payment or stock cycle is counted in (ten years). */
export const CPV_DAYS_MAX = 3650;

type FigureKind = 'amount' | 'days' | 'percentage';
type FigureSpec = { label: string; kind: FigureKind; required?: true };

/** Each figure's label (the messages are made from it), kind, and whether the engine needs it, in screen order. */
export const BUSINESS_FIGURES = {
  monthly_sales: { label: 'Monthly cash sales', kind: 'amount', required: true },
  inventory_purchase: { label: 'Monthly inventory purchase', kind: 'amount' },
  debtor_days: { label: 'Debtor days', kind: 'days' },
  inventory_days: { label: 'Inventory days', kind: 'days' },
  days_payable: { label: 'Days payable', kind: 'days' },
  rent: { label: 'Rent', kind: 'amount' },
  salary: { label: 'Salary', kind: 'amount' },
  electricity_and_fuel: { label: 'Electricity and fuel', kind: 'amount' },
  machinery_repairs: { label: 'Machinery repairs', kind: 'amount' },
  transportation_and_petrol: { label: 'Transportation and petrol', kind: 'amount' },
  admin_operating_expenses: { label: 'Admin and operating expenses', kind: 'amount' },
  gross_margin_percentage: { label: 'Gross margin percentage', kind: 'percentage', required: true },
  online_sales_percentage: { label: 'Online sales percentage', kind: 'percentage' },
  others: { label: 'Other business expenses', kind: 'amount' },
} as const satisfies Record<string, FigureSpec>;

/** The household expenses: every one drives the engine's surplus, so each is required (0 when there is none). */
export const RESIDENCE_FIGURES = {
  house_rent: { label: 'House rent', kind: 'amount', required: true },
  house_electricity_and_water: { label: 'Electricity and water', kind: 'amount', required: true },
  food_expenses: { label: 'Food expenses', kind: 'amount', required: true },
  education_expenses: { label: 'Education expenses', kind: 'amount', required: true },
  medical_expenses: { label: 'Medical expenses', kind: 'amount', required: true },
  insurance_premiums: { label: 'Insurance premiums', kind: 'amount', required: true },
  house_others: { label: 'Other household expenses', kind: 'amount', required: true },
} as const satisfies Record<string, FigureSpec>;

/** Whether a figure is required (blank refused), for the schema and the form's labels. */
export const isRequiredFigure = (name: string): boolean => {
  const spec = (BUSINESS_FIGURES as Record<string, FigureSpec>)[name] ?? (RESIDENCE_FIGURES as Record<string, FigureSpec>)[name];
  return spec?.required === true;
};

export type BusinessFigure = keyof typeof BUSINESS_FIGURES;
export type ResidenceFigure = keyof typeof RESIDENCE_FIGURES;

/** 'Monthly cash sales must be a non-negative number'. */
export const nonNegativeMessage = (label: string) => `${label} must be a non-negative number`;
/** ours: 'Rent must be in whole rupees', 'Debtor days must be whole days'. */
export const wholeMessage = (label: string, kind: FigureKind) =>
  kind === 'days' ? `${label} must be whole days` : `${label} must be in whole rupees`;
/** ours, in the spec's style: 'Monthly cash sales is required'. */
export const requiredMessage = (label: string) => `${label} is required`;
/** ours: 'Gross margin percentage must be at most 100'. */
export const atMostMessage = (label: string, max: number) => `${label} must be at most ${max}`;

const hasTwoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A figure's number: coerced, 0 or more, then its kind's bounds. */
function figureNumber(label: string, kind: FigureKind) {
  const negative = nonNegativeMessage(label);
  if (kind === 'percentage')
    return z.coerce
      .number<string | number>(negative)
      .check(
        z.minimum(0, negative),
        z.maximum(100, atMostMessage(label, 100)),
        z.refine(hasTwoDecimals, `${label} must have at most 2 decimals`),
      );
  const max = kind === 'days' ? CPV_DAYS_MAX : CPV_AMOUNT_MAX;
  return z.coerce
    .number<string | number>(negative)
    .check(z.minimum(0, negative), z.maximum(max, atMostMessage(label, max)), z.refine(Number.isInteger, wholeMessage(label, kind)));
}

/** The most characters a figure may be typed with (13 digits of rupees, or a percentage with decimals, and spaces). */
const FIGURE_TEXT_MAX = 20;

/**
 * A figure typed into the form. Blank (missing, null, empty or spaces) is never coerced to 0: a
 * required figure refuses it ('Monthly cash sales is required'), another one keeps it as null.
 * What comes in is a number or a short text, so every body stays bounded.
 */
export function cpvFigure(label: string, kind: FigureKind, required = false) {
  const number = figureNumber(label, kind);
  const negative = nonNegativeMessage(label);
  const typed = z.union([z.number(negative), z.string(negative).check(z.maxLength(FIGURE_TEXT_MAX, negative))], {
    error: (issue) => (isBlank(issue.input) ? requiredMessage(label) : negative),
  });
  if (required) return z.pipe(typed.check(z.refine((v) => !isBlank(v), requiredMessage(label))), number);
  return z.pipe(
    z.pipe(
      z.optional(z.nullable(typed)),
      z.transform((v: string | number | null | undefined) => (isBlank(v) ? null : (v as string | number))),
    ),
    z.nullable(number),
  );
}

const figures = <T extends Record<string, FigureSpec>>(spec: T) =>
  Object.fromEntries(
    Object.entries(spec).map(([name, { label, kind, required }]) => [name, cpvFigure(label, kind, required === true)]),
  ) as {
    [K in keyof T]: ReturnType<typeof cpvFigure>;
  };

/** Spec 02 §3: a geo tag holds latitude and longitude, default 0 and 0 (no position). */
export const cpvGeoTagSchema = z._default(
  z.object(
    {
      latitude: z.number(CPV_MSG.invalidGeoTag).check(z.minimum(-90, CPV_MSG.invalidGeoTag), z.maximum(90, CPV_MSG.invalidGeoTag)),
      longitude: z.number(CPV_MSG.invalidGeoTag).check(z.minimum(-180, CPV_MSG.invalidGeoTag), z.maximum(180, CPV_MSG.invalidGeoTag)),
    },
    CPV_MSG.invalidGeoTag,
  ),
  { latitude: 0, longitude: 0 },
);
export type CpvGeoTag = { latitude: number; longitude: number };

/** The photos of each CPV, in screen order; the selfie with BCM of each is the second / first. */
export const BUSINESS_PHOTOS = ['shop_photo_file', 'shop_selfie_photo_file', 'shop_photo_pd2_file'] as const;
export const RESIDENCE_PHOTOS = ['house_selfie_photo_file', 'house_photo_pd2_file'] as const;
export type CpvPhotoField = (typeof BUSINESS_PHOTOS)[number] | (typeof RESIDENCE_PHOTOS)[number];
/** The selfie with the branch credit manager (DECISIONS.md "Review workflow": the PD2 precondition). */
export const BCM_SELFIE: Record<CpvKind, CpvPhotoField> = {
  business_place: 'shop_selfie_photo_file',
  residence: 'house_selfie_photo_file',
};
export const geoTagField = (photo: string) => `${photo}_geo_tag`;

export const BUSINESS_CPV_FIELDS = [
  'phone',
  'verification_type',
  ...BUSINESS_PHOTOS.flatMap((p) => [p, geoTagField(p)]),
  'qr_code_upload',
  ...(Object.keys(BUSINESS_FIGURES) as BusinessFigure[]),
  'remarks',
] as const;
export const RESIDENCE_CPV_FIELDS = [
  'phone',
  'verification_type',
  ...RESIDENCE_PHOTOS.flatMap((p) => [p, geoTagField(p)]),
  ...(Object.keys(RESIDENCE_FIGURES) as ResidenceFigure[]),
  'remarks',
] as const;

const common = (type: VerificationType) => ({
  phone: mobile(M.invalidMobileNumber),
  verification_type: z.enum([type], CPV_MSG.invalidVerificationType),
  remarks: optionalText(TEXT_MAX.remarks, TOO_LONG.remarks),
});

/** POST /:id/business-cpv-info: the business place verification. */
export const businessCpvSchema = z
  .object({
    ...common('BUSINESS_PLACE_VERIFICATION'),
    shop_photo_file: optionalFileId,
    shop_photo_file_geo_tag: cpvGeoTagSchema,
    shop_selfie_photo_file: optionalFileId,
    shop_selfie_photo_file_geo_tag: cpvGeoTagSchema,
    shop_photo_pd2_file: optionalFileId,
    shop_photo_pd2_file_geo_tag: cpvGeoTagSchema,
    qr_code_upload: fileId(CPV_MSG.qrCodeRequired),
    ...figures(BUSINESS_FIGURES),
  })
  .check(orderedRules(BUSINESS_CPV_FIELDS));
export type BusinessCpvForm = z.output<typeof businessCpvSchema>;

/** POST /:id/residence-cpv-info: the residence verification. */
export const residenceCpvSchema = z
  .object({
    ...common('RESIDENCE_VERIFICATION'),
    house_selfie_photo_file: optionalFileId,
    house_selfie_photo_file_geo_tag: cpvGeoTagSchema,
    house_photo_pd2_file: optionalFileId,
    house_photo_pd2_file_geo_tag: cpvGeoTagSchema,
    ...figures(RESIDENCE_FIGURES),
  })
  .check(orderedRules(RESIDENCE_CPV_FIELDS));
export type ResidenceCpvForm = z.output<typeof residenceCpvSchema>;

export const CPV_SCHEMAS = { business_place: businessCpvSchema, residence: residenceCpvSchema } as const;
export const CPV_PHOTOS: Record<CpvKind, readonly CpvPhotoField[]> = { business_place: BUSINESS_PHOTOS, residence: RESIDENCE_PHOTOS };
export const CPV_STAGE: Record<CpvKind, 'CPV_BUSINESS_PLACE' | 'CPV_RESIDENCE'> = {
  business_place: 'CPV_BUSINESS_PLACE',
  residence: 'CPV_RESIDENCE',
};

// ---- Role rules (spec 02 §5, §6; DECISIONS.md "Roles"): pure, shared by the form and the server.

/** The CPV role: the branch credit manager (PD2). */
export const isCpvRole = (designation: string | null | undefined) => designation === 'BRANCH_CREDIT_MANAGER';
/** Who submits field verification: the reviewers (branch credit manager, branch manager). */
export const mayFillCpv = (designation: string | null | undefined) =>
  designation === 'BRANCH_CREDIT_MANAGER' || designation === 'BRANCH_MANAGER';
/** Statuses in which field verification and references are taken (the access policy's `field-verify`). */
export const CPV_STATUSES: readonly string[] = statusesAllowing('BRANCH_CREDIT_MANAGER', 'field-verify');
export const cpvOpen = (status: string | null | undefined) => CPV_STATUSES.includes(status ?? '');

/**
 * Spec 02 §5: the selfie with BCM is required when the CPV role (branch credit manager) submits:
 * 'Shop selfie with BCM is required' / 'House selfie with BCM is required'. Returns the first
 * issue, or null.
 */
export function cpvRoleIssue(
  kind: CpvKind,
  designation: string | null | undefined,
  values: Record<string, unknown>,
): { field: CpvPhotoField; message: string } | null {
  if (!isCpvRole(designation)) return null;
  const field = BCM_SELFIE[kind];
  if (!isBlank(values[field])) return null;
  return { field, message: kind === 'business_place' ? CPV_MSG.shopSelfieRequired : CPV_MSG.houseSelfieRequired };
}

// ---- Deviations (DECISIONS.md "Review workflow": a PENDING or REJECTED deviation blocks CPV submit).

type DeviationLike = { type?: unknown; status?: unknown; info?: unknown };

/** A deviation neither matched nor APPROVED (spec 02 §5): PENDING, REJECTED or without a status. */
export function isUnapprovedDeviation(d: DeviationLike): boolean {
  if (d.status === 'APPROVED') return false;
  const info = d.info;
  if (isObject(info) && info.is_match === true) return false;
  return true;
}

/** The unapproved deviations of an application and of its co-applicants (a replaced co-applicant's do not count). */
export function unapprovedDeviations(
  application: { deviations?: unknown },
  coApplicants: readonly { status?: unknown; deviations?: unknown }[] = [],
): DeviationLike[] {
  const listOf = (v: unknown): DeviationLike[] =>
    Array.isArray(v) ? v.filter((d): d is DeviationLike => typeof d === 'object' && d !== null) : [];
  return [
    ...listOf(application.deviations),
    ...coApplicants.filter((c) => c.status !== 'REPLACED').flatMap((c) => listOf(c.deviations)),
  ].filter(isUnapprovedDeviation);
}

// ---- Geo check (DECISIONS.md "Business, bank and field verification").

/** A photo farther than this from the declared pincode's centroid is flagged for the reviewers. */
export const GEO_FLAG_KM = 5;
const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine), rounded to 1 decimal. */
export function distanceKm(a: CpvGeoTag, b: CpvGeoTag): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(km * 10) / 10;
}

/** The server's check of one photo: its tag, the distance from the centroid (null when either is unknown), flagged beyond 5 km. */
export type GeoCheck = {
  field: string;
  latitude: number;
  longitude: number;
  distance_km: number | null;
  flagged: boolean;
  not_captured: boolean;
};

/** 0, 0 (the default) is a photo taken with no position: "location not captured". */
export const isNotCaptured = (tag: CpvGeoTag | null | undefined) => !tag || (tag.latitude === 0 && tag.longitude === 0);

export function geoCheck(field: string, tag: CpvGeoTag | null | undefined, centroid: CpvGeoTag | null | undefined): GeoCheck {
  const latitude = tag?.latitude ?? 0;
  const longitude = tag?.longitude ?? 0;
  if (isNotCaptured(tag)) return { field, latitude, longitude, distance_km: null, flagged: false, not_captured: true };
  if (!centroid) return { field, latitude, longitude, distance_km: null, flagged: false, not_captured: false };
  const distance = distanceKm({ latitude, longitude }, centroid);
  return { field, latitude, longitude, distance_km: distance, flagged: distance > GEO_FLAG_KM, not_captured: false };
}
