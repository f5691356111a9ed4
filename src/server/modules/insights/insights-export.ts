import { sql } from 'drizzle-orm';
import type { Insights, InsightsQuery } from '../../../domain/ops/insights';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applicationMilestones as m, applications as a, users as u } from '../../db/schema';
import { rangeEnd, rangeStart } from '../../kernels/insights';

/** At most this many applications in one export (the rest are counted in a closing line): a year of a big branch. */
export const EXPORT_MAX_ROWS = 100_000;

const APPLICATION_COLUMNS = [
  ['tracker_id', 'Tracker id'],
  ['name', 'Borrower'],
  ['status', 'Status'],
  ['officer', 'Officer'],
  ['created_at', 'Created'],
  ['left_draft_at', 'Left DRAFT'],
  ['pd1_complete_at', 'PD1 complete'],
  ['pd2_complete_at', 'PD2 complete'],
  ['approved_at', 'Approved'],
  ['agreement_signed_at', 'Agreement signed'],
  ['disbursal_ready_at', 'Disbursal ready'],
  ['disbursed_at', 'Disbursed'],
  ['cancelled_at', 'Cancelled'],
  ['rejected_at', 'Rejected'],
  ['rejected_by', 'Rejected by'],
  ['sent_back', 'Times sent back'],
] as const;
type ApplicationLine = Record<(typeof APPLICATION_COLUMNS)[number][0], string | number | null>;

/** The applications behind the figures: those created in the range (by the officer), oldest first, with their milestones. */
export async function exportApplications(db: Db, tenant: Tenant, q: InsightsQuery): Promise<{ rows: ApplicationLine[]; total: number }> {
  const officer = q.officer === null ? sql`` : sql` and ${m.created_by} = ${q.officer}`;
  const where = sql`${m.tenant_id} = ${tenant}${officer} and ${m.created_at} >= ${rangeStart(q.from)} and ${m.created_at} < ${rangeEnd(q.to)}`;
  const iso = (c: unknown) => sql`to_char(${c} at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI')`;
  const [lines, total] = await Promise.all([
    db.execute<ApplicationLine>(sql`
      select ${a.tracker_id} as tracker_id, ${a.data}->>'name' as name, ${a.status} as status,
        trim(coalesce(${u.first_name}, '') || ' ' || coalesce(${u.last_name}, '')) as officer,
        ${iso(m.created_at)} as created_at, ${iso(m.left_draft_at)} as left_draft_at, ${iso(m.pd1_complete_at)} as pd1_complete_at,
        ${iso(m.pd2_complete_at)} as pd2_complete_at, ${iso(m.approved_at)} as approved_at, ${iso(m.agreement_signed_at)} as agreement_signed_at,
        ${iso(m.disbursal_ready_at)} as disbursal_ready_at, ${iso(m.disbursed_at)} as disbursed_at, ${iso(m.cancelled_at)} as cancelled_at,
        ${iso(m.rejected_at)} as rejected_at, ${m.rejected_by} as rejected_by, ${m.sent_back} as sent_back
      from ${m}
      join ${a} on ${a.tenant_id} = ${m.tenant_id} and ${a.id} = ${m.application_id}
      left join ${u} on ${u.tenant_id} = ${m.tenant_id} and ${u.id} = ${m.created_by}
      where ${where}
      order by ${m.created_at}, ${m.application_id}
      limit ${EXPORT_MAX_ROWS}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from ${m} where ${where}`),
  ]);
  return { rows: lines.rows, total: Number(total.rows[0]?.n ?? 0) };
}

type Cell = string | number | null;
const pct = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);

/** The figures as tables of rows (the same in the workbook's sheets and the CSV's sections), each with its heading. */
export function figureTables(x: Insights): { title: string; header: string[]; rows: Cell[][] }[] {
  return [
    {
      title: 'Funnel',
      header: ['Stage', 'Applications', 'Conversion from the previous stage (%)'],
      rows: [...x.funnel.map((f) => [f.stage, f.count, pct(f.conversion)]), ['CANCELLED', x.cancelled.count, null]],
    },
    {
      title: 'Turnaround',
      header: ['Stage', 'Applications', 'p50 (working hours)', 'p90 (working hours)', 'p50 (working days)', 'p90 (working days)'],
      rows: x.turnaround.stages.map((s) => [
        s.stage,
        s.count,
        s.p50_hours,
        s.p90_hours,
        s.p50_hours === null ? null : Math.round((s.p50_hours / 24) * 100) / 100,
        s.p90_hours === null ? null : Math.round((s.p90_hours / 24) * 100) / 100,
      ]),
    },
    {
      title: 'Ageing',
      header: ['Queue', 'Days waiting', 'Applications'],
      rows: x.ageing.flatMap((q) => q.buckets.map((b) => [q.queue, b.bucket, b.count])),
    },
    { title: 'Rejections', header: ['Rejected by', 'Applications'], rows: x.rejections.map((r) => [r.reason, r.count]) },
    { title: 'Deviations', header: ['Type', 'Decision', 'Decisions'], rows: x.deviations.map((d) => [d.type, d.decision, d.count]) },
    {
      title: 'Officers',
      header: ['Officer', 'Captured', 'Sent back', 'Approved', 'Rejected', 'Approval rate (%)'],
      rows: x.officers.map((o) => [o.name || `#${o.id}`, o.captured, o.sent_back, o.approved, o.rejected, pct(o.approval_rate)]),
    },
  ];
}

function headingLines(x: Insights): Cell[][] {
  return [
    ['Sahyog branch pipeline'],
    ['Tenant', x.tenant.name],
    ['From', x.range.from],
    ['To', x.range.to],
    ['Officer', x.range.officer ? x.range.officer.name || `#${x.range.officer.id}` : 'All officers'],
    ['Generated at', x.generated_at],
  ];
}

const moreLine = (shown: number, total: number): Cell[] | null =>
  total > shown ? [`The first ${shown} of ${total} applications; narrow the range for the rest.`] : null;

export async function insightsWorkbook(x: Insights, apps: { rows: ApplicationLine[]; total: number }): Promise<Buffer> {
  // exceljs (about 28 MB of modules) loads with the first workbook asked for, not with the server.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Sahyog';
  book.created = new Date(x.generated_at);
  const summary = book.addWorksheet('Summary');
  summary.columns = [{ width: 24 }, { width: 36 }];
  for (const line of headingLines(x)) summary.addRow(line);
  summary.getRow(1).font = { bold: true, size: 14 };
  for (const t of figureTables(x)) {
    const sheet = book.addWorksheet(t.title);
    sheet.columns = t.header.map((h) => ({ header: h, width: Math.max(14, h.length + 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of t.rows) sheet.addRow(row);
  }
  const sheet = book.addWorksheet('Applications');
  sheet.columns = APPLICATION_COLUMNS.map(([key, header]) => ({ key, header, width: Math.max(14, header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of apps.rows) sheet.addRow(row);
  const more = moreLine(apps.rows.length, apps.total);
  if (more) sheet.addRow(more);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is defused (formula injection). */
export function csvField(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function insightsCsv(x: Insights, apps: { rows: ApplicationLine[]; total: number }): string {
  const lines: Cell[][] = [...headingLines(x)];
  for (const t of figureTables(x)) lines.push([], [t.title], t.header, ...t.rows);
  lines.push(
    [],
    ['Applications'],
    APPLICATION_COLUMNS.map(([, header]) => header),
  );
  for (const row of apps.rows) lines.push(APPLICATION_COLUMNS.map(([key]) => row[key]));
  const more = moreLine(apps.rows.length, apps.total);
  if (more) lines.push(more);
  // A byte-order mark: Excel opens the file as UTF-8 (names in Devanagari stay readable).
  return '\ufeff' + lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const exportFileName = (tenant: string, q: InsightsQuery, format: 'xlsx' | 'csv') =>
  `insights-${tenant}-${q.from}-to-${q.to}${q.officer === null ? '' : `-officer-${q.officer}`}.${format}`;
