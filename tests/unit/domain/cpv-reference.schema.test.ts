import { describe, expect, it } from 'vitest';
import {
  BUSINESS_FIGURES,
  businessCpvSchema,
  cpvRoleIssue,
  distanceKm,
  firstMessage,
  geoCheck,
  RESIDENCE_FIGURES,
  referenceListSchema,
  residenceCpvSchema,
  unapprovedDeviations,
} from '../../../src/domain';

const zeros = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 0]));
const business = (over: Record<string, unknown> = {}) => ({
  phone: '9876543210',
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  qr_code_upload: 'q'.repeat(32),
  ...zeros(Object.keys(BUSINESS_FIGURES)),
  ...over,
});
const residence = (over: Record<string, unknown> = {}) => ({
  phone: '9876543210',
  verification_type: 'RESIDENCE_VERIFICATION',
  ...zeros(Object.keys(RESIDENCE_FIGURES)),
  ...over,
});
const messageOf = (schema: typeof businessCpvSchema | typeof residenceCpvSchema | typeof referenceListSchema, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? 'ok' : firstMessage(parsed.error);
};

describe('CPV schemas (spec 02 §3, §5)', () => {
  it('coerces typed figures to numbers and defaults each geo tag to 0, 0', () => {
    const parsed = businessCpvSchema.parse(business({ monthly_sales: '150000', gross_margin_percentage: '22.5', debtor_days: '15' }));
    expect(parsed.monthly_sales).toBe(150000);
    expect(parsed.gross_margin_percentage).toBe(22.5);
    expect(parsed.debtor_days).toBe(15);
    expect(parsed.shop_photo_file_geo_tag).toEqual({ latitude: 0, longitude: 0 });
    expect(parsed.shop_selfie_photo_file_geo_tag).toEqual({ latitude: 0, longitude: 0 });
    expect(residenceCpvSchema.parse(residence()).house_photo_pd2_file_geo_tag).toEqual({ latitude: 0, longitude: 0 });
  });

  it.each(Object.entries(BUSINESS_FIGURES))('business %s: a negative value is refused with its label', (name, { label }) => {
    expect(messageOf(businessCpvSchema, business({ [name]: -1 }))).toBe(`${label} must be a non-negative number`);
    expect(messageOf(businessCpvSchema, business({ [name]: 'abc' }))).toBe(`${label} must be a non-negative number`);
  });

  it.each(Object.entries(RESIDENCE_FIGURES))('residence %s: a negative value is refused with its label', (name, { label }) => {
    expect(messageOf(residenceCpvSchema, residence({ [name]: '-250' }))).toBe(`${label} must be a non-negative number`);
  });

  it("uses the spec's own example message", () => {
    expect(messageOf(businessCpvSchema, business({ monthly_sales: -5 }))).toBe('Monthly cash sales must be a non-negative number');
  });

  it('money in whole rupees, percentages 0-100 with 2 decimals', () => {
    expect(messageOf(businessCpvSchema, business({ rent: 100.5 }))).toBe('Rent must be in whole rupees');
    expect(messageOf(businessCpvSchema, business({ debtor_days: 1.5 }))).toBe('Debtor days must be whole days');
    expect(messageOf(businessCpvSchema, business({ gross_margin_percentage: 101 }))).toBe('Gross margin percentage must be at most 100');
    expect(messageOf(businessCpvSchema, business({ gross_margin_percentage: 12.345 }))).toBe(
      'Gross margin percentage must have at most 2 decimals',
    );
    expect(messageOf(businessCpvSchema, business({ gross_margin_percentage: 12.34 }))).toBe('ok');
  });

  it('phone pattern, verification type, QR code', () => {
    expect(messageOf(businessCpvSchema, business({ phone: '5876543210' }))).toBe('Invalid mobile number');
    expect(messageOf(businessCpvSchema, business({ verification_type: 'RESIDENCE_VERIFICATION' }))).toBe('Invalid verification type');
    expect(messageOf(residenceCpvSchema, residence({ verification_type: 'X' }))).toBe('Invalid verification type');
    expect(messageOf(businessCpvSchema, business({ qr_code_upload: '' }))).toBe(
      'QR code upload is required for the business place verification',
    );
    expect(messageOf(residenceCpvSchema, residence())).toBe('ok');
  });

  it('refuses a geo tag outside the earth', () => {
    expect(messageOf(businessCpvSchema, business({ shop_photo_file_geo_tag: { latitude: 91, longitude: 0 } }))).toBe('Invalid location');
  });
});

describe('CPV role rules', () => {
  it('the branch credit manager needs the selfie with BCM; the branch manager does not', () => {
    expect(cpvRoleIssue('business_place', 'BRANCH_CREDIT_MANAGER', {})).toEqual({
      field: 'shop_selfie_photo_file',
      message: 'Shop selfie with BCM is required',
    });
    expect(cpvRoleIssue('residence', 'BRANCH_CREDIT_MANAGER', { house_selfie_photo_file: '' })).toEqual({
      field: 'house_selfie_photo_file',
      message: 'House selfie with BCM is required',
    });
    expect(cpvRoleIssue('business_place', 'BRANCH_CREDIT_MANAGER', { shop_selfie_photo_file: 'f1' })).toBeNull();
    expect(cpvRoleIssue('business_place', 'BRANCH_MANAGER', {})).toBeNull();
  });
});

describe('unapproved deviations', () => {
  it('PENDING and REJECTED block; APPROVED, a match and a replaced co-applicant do not', () => {
    expect(unapprovedDeviations({ deviations: [{ type: 'A', status: 'APPROVED' }] })).toEqual([]);
    expect(unapprovedDeviations({ deviations: [{ type: 'A', status: 'PENDING' }] })).toHaveLength(1);
    expect(unapprovedDeviations({}, [{ status: 'ACTIVE', deviations: [{ type: 'B', status: 'REJECTED' }] }])).toHaveLength(1);
    expect(unapprovedDeviations({}, [{ status: 'REPLACED', deviations: [{ type: 'B', status: 'PENDING' }] }])).toEqual([]);
    expect(unapprovedDeviations({ deviations: [{ type: 'A', status: 'PENDING', info: { is_match: true } }] })).toEqual([]);
  });
});

describe('geo check (DECISIONS.md: flagged beyond 5 km)', () => {
  const nashik = { latitude: 19.998518, longitude: 73.79191 };
  it('haversine in km to 1 decimal', () => {
    // Nashik 422001 to New Delhi 110001: about 1020.8 km.
    expect(distanceKm(nashik, { latitude: 28.632743, longitude: 77.219597 })).toBe(1020.8);
    expect(distanceKm(nashik, nashik)).toBe(0);
  });
  it('within 5 km is not flagged, beyond is', () => {
    const near = geoCheck('shop_photo_file', { latitude: 20.02, longitude: 73.79 }, nashik);
    expect(near).toMatchObject({ distance_km: 2.4, flagged: false, not_captured: false });
    const edge = geoCheck('shop_photo_file', { latitude: 20.0435, longitude: 73.79191 }, nashik);
    expect(edge.distance_km).toBe(5);
    expect(edge.flagged).toBe(false);
    const far = geoCheck('shop_photo_file', { latitude: 20.1, longitude: 73.79 }, nashik);
    expect(far).toMatchObject({ distance_km: 11.3, flagged: true });
  });
  it('0, 0 is "location not captured", never a distance', () => {
    expect(geoCheck('house_selfie_photo_file', { latitude: 0, longitude: 0 }, nashik)).toEqual({
      field: 'house_selfie_photo_file',
      latitude: 0,
      longitude: 0,
      distance_km: null,
      flagged: false,
      not_captured: true,
    });
  });
  it('an unknown centroid gives no distance', () => {
    expect(geoCheck('x', { latitude: 20, longitude: 73 }, null)).toMatchObject({ distance_km: null, flagged: false, not_captured: false });
  });
});

describe('references (spec 02 §5)', () => {
  const ref = (over: Record<string, unknown> = {}) => ({
    id: 'a'.repeat(32),
    type: 'PERSONAL_REFERENCE',
    name: 'Sita Ram',
    phone: '9876543210',
    address: '14 Gandhi Nagar, Nashik',
    ...over,
  });
  it('1 to 3 references', () => {
    expect(messageOf(referenceListSchema, { reference_list: [] })).toBe('At least one reference is required');
    expect(messageOf(referenceListSchema, {})).toBe('At least one reference is required');
    const four = ['a', 'b', 'c', 'd'].map((c) => ref({ id: c.repeat(32) }));
    expect(messageOf(referenceListSchema, { reference_list: four })).toBe('At most 3 references can be added');
    expect(messageOf(referenceListSchema, { reference_list: four.slice(0, 3) })).toBe('ok');
  });
  it("each field's message", () => {
    const one = (over: Record<string, unknown>) => messageOf(referenceListSchema, { reference_list: [ref(over)] });
    expect(one({ name: ' ' })).toBe('Name is required');
    expect(one({ phone: '98765' })).toBe('Invalid mobile number');
    expect(one({ phone: '1234567890' })).toBe('Invalid mobile number');
    expect(one({ address: 'short' })).toBe('Address is required');
    expect(one({ type: 'FRIEND' })).toBe('Please select reference type');
    expect(one({ type: 'BUSINESS_REFERENCE' })).toBe('Company name is required');
    expect(one({ type: 'BUSINESS_REFERENCE', company_name: 'Shree Traders' })).toBe('ok');
    expect(one({ id: 'not-an-id' })).toBe('Invalid id');
  });
  it('a personal reference keeps no company name; the same id twice is refused', () => {
    const parsed = referenceListSchema.parse({ reference_list: [ref({ company_name: 'X' })] });
    expect(parsed.reference_list[0]!.company_name).toBeUndefined();
    expect(messageOf(referenceListSchema, { reference_list: [ref(), ref()] })).toBe('The same reference is listed twice');
  });
});
