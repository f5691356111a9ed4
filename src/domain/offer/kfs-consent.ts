import * as z from 'zod/mini';
import { otpSchema, sessionIdSchema } from '../identity/auth.schema';
import { addWorkingDays, compareDates, formatIsoDate, parseDate, parseIsoDate, type CalendarDate } from '../shared/dates';
import { LANGUAGE_MSG, LANGUAGES, type Language } from '../messages/languages';
import { PATTERNS } from '../identity/patterns';

/**
 * The Key Fact Statement's issue and the borrower's consent (DECISIONS.md "Key Fact Statement and
 * the borrower's consent", issue 22 items 3-5): each priced version of an offer is a statement
 * with its own number, issued on a day and valid for 3 working days; the borrower acknowledges
 * the version shown with a one-time password sent to their verified mobile; the acceptance
 * records the application's state the offer was computed on, and a later change of it voids the
 * acceptance and the acknowledgement.
 */

/** Messages as English and Hindi pairs: the server answers `en` today; the screens pick by language. */
export type Bilingual = { en: string; hi: string };

export const KFS_MSG = {
  /** ours: the statement's PDF not made within the document budget (its worker's time), 503 */
  pdfNotMade: {
    en: "The statement's PDF could not be made just now. Please try again in a minute.",
    hi: 'विवरण का PDF अभी नहीं बन सका। कृपया एक मिनट बाद फिर से प्रयास करें।',
  },
  noStatement: {
    en: 'This loan offer has no Key Fact Statement yet: compute the offer again to issue one.',
    hi: 'इस ऋण प्रस्ताव का मुख्य तथ्य विवरण अभी जारी नहीं हुआ है: विवरण जारी करने के लिए प्रस्ताव फिर से गणना करें।',
  },
  statementChanged: {
    en: 'The Key Fact Statement changed since it was sent: send the statement shown now to the borrower.',
    hi: 'भेजने के बाद मुख्य तथ्य विवरण बदल गया है: अभी दिखाया गया विवरण उधारकर्ता को भेजें।',
  },
  expired: (validUntil: string): Bilingual => ({
    en: `The Key Fact Statement was valid until ${validUntil}: re-issue it (compute the offer again) and send it to the borrower.`,
    hi: `मुख्य तथ्य विवरण ${validUntil} तक मान्य था: इसे फिर से जारी करें (प्रस्ताव फिर से गणना करें) और उधारकर्ता को भेजें।`,
  }),
  notAcknowledged: {
    en: "The borrower has not acknowledged this version of the Key Fact Statement: send it to the borrower and enter the borrower's code first.",
    hi: 'उधारकर्ता ने मुख्य तथ्य विवरण के इस संस्करण की पावती नहीं दी है: पहले विवरण उधारकर्ता को भेजें और उधारकर्ता का कोड दर्ज करें।',
  },
  contentChanged: {
    en: 'The Key Fact Statement shown now differs from the one the borrower acknowledged: send it to the borrower again.',
    hi: 'अभी दिखाया गया मुख्य तथ्य विवरण उधारकर्ता द्वारा स्वीकार किए गए विवरण से अलग है: इसे फिर से उधारकर्ता को भेजें।',
  },
  mobileNotVerified: {
    en: "The borrower's mobile is not verified: the statement can be sent only to a verified mobile.",
    hi: 'उधारकर्ता का मोबाइल सत्यापित नहीं है: विवरण केवल सत्यापित मोबाइल पर भेजा जा सकता है।',
  },
  otherApplication: {
    en: 'This code was sent for another application.',
    hi: 'यह कोड किसी दूसरे आवेदन के लिए भेजा गया था।',
  },
  offerNotCurrent: {
    en: 'The field verification or the loan asked for changed since the offer was computed: compute the offer again.',
    hi: 'प्रस्ताव की गणना के बाद क्षेत्र सत्यापन या मांगा गया ऋण बदल गया है: प्रस्ताव फिर से गणना करें।',
  },
  sent: { en: 'Key Fact Statement sent to the borrower', hi: 'मुख्य तथ्य विवरण उधारकर्ता को भेजा गया' },
  acknowledged: { en: 'The borrower acknowledged the Key Fact Statement', hi: 'उधारकर्ता ने मुख्य तथ्य विवरण की पावती दी' },
  invalidLanguage: { en: LANGUAGE_MSG, hi: `भाषा ${LANGUAGES.join(', ')} में से एक होनी चाहिए` },
  invalidKfsNumber: { en: 'Invalid Key Fact Statement number', hi: 'अमान्य मुख्य तथ्य विवरण संख्या' },
  invalidPosition: { en: 'Invalid device position', hi: 'अमान्य डिवाइस स्थिति' },
  accepted: { en: 'The acceptance of the loan offer', hi: 'ऋण प्रस्ताव की स्वीकृति' },
} as const;

/** The statement's language: any language of the app (src/domain/messages/languages.ts). */
export type KfsLanguage = Language;

/** How long a statement holds (DECISIONS.md): 3 working days, Monday to Saturday, holidays aside. */
export const KFS_VALID_WORKING_DAYS = 3;

/**
 * The last day a statement issued on `issued` (a day in India) may be accepted: the third working
 * day after it (Sundays, the national holidays and the tenant's `holidays` skipped, dates.ts).
 * Issued on a Thursday, it holds through Monday; on Friday 23-01-2026, before Republic Day on a
 * Monday, through Wednesday.
 */
export const kfsValidUntil = (issued: CalendarDate, holidays: readonly CalendarDate[] = []): CalendarDate =>
  addWorkingDays(issued, KFS_VALID_WORKING_DAYS, holidays.map(formatIsoDate));

/** A tenant's holiday list (`tenants.holidays`, YYYY-MM-DD) as days; what is not a real day is left to holidayProblems. */
export const tenantHolidays = (list: readonly string[] | null | undefined): CalendarDate[] =>
  (list ?? []).flatMap((iso) => {
    const day = parseIsoDate(iso);
    return day ? [day] : [];
  });

/** What is wrong with a tenant's holiday list (empty when nothing): each entry a real day, YYYY-MM-DD. */
export const holidayProblems = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.flatMap((iso) =>
        typeof iso === 'string' && parseIsoDate(iso) ? [] : [`holidays: ${JSON.stringify(iso)} is not a day (YYYY-MM-DD)`],
      )
    : ['holidays must be a list of days (YYYY-MM-DD)'];

/** Whether a statement valid until `validUntil` (YYYY-MM-DD) has expired on `today`; no date: expired. */
export function kfsExpired(validUntil: string | null | undefined, today: CalendarDate): boolean {
  const until = parseDate(validUntil);
  return !until || compareDates(today, until) > 0;
}

/**
 * A statement's number: unique in the tenant, as the tracker id is (the application id's first 12
 * characters before it has one), with the version of the offer.
 */
export const kfsNumberOf = (trackerId: string | null | undefined, applicationId: string, version: number) =>
  `KFS-${trackerId ?? applicationId.slice(0, 12).toUpperCase()}-${String(version).padStart(2, '0')}`;

/** The device's position when the borrower acknowledged (0, 0 or absent: not captured). */
export type DevicePosition = { latitude: number; longitude: number; accuracy_m: number | null };

/** What the server keeps of an acknowledgement. */
export type KfsAcknowledgement = {
  kfs_number: string;
  /** SHA-256 (hex) of the statement's content in its language (the figures, the borrower, the number). */
  content_hash: string;
  language: KfsLanguage;
  acknowledged_at: string;
  officer_id: number;
  officer_name: string | null;
  position: DevicePosition | null;
  /** The borrower's mobile the code went to, masked. */
  mobile: string;
};

/** The application's state an acceptance was computed on (issue 22 item 5). */
export type OfferBasis = {
  loan_type: string | null;
  amount_requested: number | null;
  borrower: { name: string | null; pan: string | null; phone: string | null; date_of_birth: string | null; gender: string | null };
  co_applicants: { id: string; type: string; status: string; name: string | null; pan: string | null }[];
  /** The CPV figures the engine reads (whole rupees, the margin in %). */
  cpv: Record<string, number> | null;
  deviations: { type: string; status: string; of: string | null }[];
};

const show = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : String(v));

/** What differs between the state an acceptance recorded and the state now, each named (empty: the same). */
export function basisDifferences(accepted: OfferBasis, now: OfferBasis): string[] {
  const out: string[] = [];
  const was = (label: string, a: unknown, b: unknown) => {
    if (show(a) !== show(b)) out.push(`${label} changed from ${show(a)} to ${show(b)}`);
  };
  was('loan type', accepted.loan_type, now.loan_type);
  was('amount requested', accepted.amount_requested, now.amount_requested);
  was("borrower's name", accepted.borrower.name, now.borrower.name);
  was("borrower's PAN", accepted.borrower.pan, now.borrower.pan);
  was("borrower's mobile", accepted.borrower.phone, now.borrower.phone);
  was("borrower's date of birth", accepted.borrower.date_of_birth, now.borrower.date_of_birth);
  was("borrower's gender", accepted.borrower.gender, now.borrower.gender);
  const coKey = (c: OfferBasis['co_applicants'][number]) => `${c.type} ${show(c.name)} (${show(c.pan)}, ${c.status})`;
  const before = new Map(accepted.co_applicants.map((c) => [c.id, coKey(c)]));
  const after = new Map(now.co_applicants.map((c) => [c.id, coKey(c)]));
  for (const [id, key] of before) {
    if (!after.has(id)) out.push(`co-applicant removed: ${key}`);
    else if (after.get(id) !== key) out.push(`co-applicant changed from ${key} to ${after.get(id)}`);
  }
  for (const [id, key] of after) if (!before.has(id)) out.push(`co-applicant added: ${key}`);
  const figures = new Set([...Object.keys(accepted.cpv ?? {}), ...Object.keys(now.cpv ?? {})]);
  for (const f of [...figures].sort()) was(`field verification ${f.replace(/_/g, ' ')}`, accepted.cpv?.[f], now.cpv?.[f]);
  const devKey = (d: OfferBasis['deviations'][number]) => `${d.type}${d.of ? ` (${d.of})` : ''} ${d.status}`;
  const devBefore = accepted.deviations.map(devKey).sort().join('; ');
  const devAfter = now.deviations.map(devKey).sort().join('; ');
  if (devBefore !== devAfter) out.push(`deviations changed from ${devBefore || 'none'} to ${devAfter || 'none'}`);
  return out;
}

const applicationId = z
  .string('application_id must be 32 lowercase hex characters')
  .check(
    z.maxLength(32, 'application_id must be 32 lowercase hex characters'),
    z.regex(PATTERNS.applicationId, 'application_id must be 32 lowercase hex characters'),
  );
const kfsNumber = z
  .string(KFS_MSG.invalidKfsNumber.en)
  .check(z.maxLength(40, KFS_MSG.invalidKfsNumber.en), z.regex(/^KFS-[A-Z0-9]+-\d{2,}$/, KFS_MSG.invalidKfsNumber.en));
const language = z.enum(LANGUAGES, KFS_MSG.invalidLanguage.en);
const coordinate = (max: number) =>
  z.number(KFS_MSG.invalidPosition.en).check(z.minimum(-max, KFS_MSG.invalidPosition.en), z.maximum(max, KFS_MSG.invalidPosition.en));

/**
 * `POST /api/v1/bureau/bre/kfs/send`: text the statement shown (its number, in its language) to
 * the borrower. Without a language, the borrower's recorded one (English when none); with one, it
 * is recorded as the borrower's (the officer's pick for the borrower).
 */
export const kfsSendSchema = z.object({ application_id: applicationId, kfs_number: kfsNumber, language: z.optional(language) });
export type KfsSendRequest = z.infer<typeof kfsSendSchema>;

/** `POST /api/v1/bureau/bre/kfs/resend`: a new code for the same statement (after 30 s). */
export const kfsResendSchema = z.object({ application_id: applicationId, session_id: sessionIdSchema });
export type KfsResendRequest = z.infer<typeof kfsResendSchema>;

/** `POST /api/v1/bureau/bre/kfs/acknowledge`: the borrower's code, typed on the officer's phone, with its position. */
export const kfsAcknowledgeSchema = z.object({
  application_id: applicationId,
  session_id: sessionIdSchema,
  otp: otpSchema,
  latitude: z.optional(z.nullable(coordinate(90))),
  longitude: z.optional(z.nullable(coordinate(180))),
  accuracy_m: z.optional(
    z.nullable(
      z.number(KFS_MSG.invalidPosition.en).check(z.minimum(0, KFS_MSG.invalidPosition.en), z.maximum(1e7, KFS_MSG.invalidPosition.en)),
    ),
  ),
});
export type KfsAcknowledgeRequest = z.infer<typeof kfsAcknowledgeSchema>;

/** A string of the answers below, bounded like every string of a domain schema. */
const bounded = (max: number) => z.string().check(z.maxLength(max));

/** What send answers. */
export const kfsSentSchema = z.object({
  session_id: bounded(64),
  kfs_number: bounded(64),
  mobile: bounded(16),
  resend_after_seconds: z.number(),
});
export type KfsSent = z.infer<typeof kfsSentSchema>;

/** The acknowledgement as the routes answer it. */
export const kfsAcknowledgementSchema = z.object({
  kfs_number: bounded(64),
  content_hash: bounded(64),
  language,
  acknowledged_at: bounded(32),
  officer_id: z.number(),
  officer_name: z.nullable(bounded(200)),
  position: z.nullable(z.object({ latitude: z.number(), longitude: z.number(), accuracy_m: z.nullable(z.number()) })),
  mobile: bounded(16),
});
