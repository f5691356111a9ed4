import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  listSearchOf,
  nameTsQuery,
  type ApplicationListItem,
  type ApplicationListPage,
  type ApplicationListQuery,
  type ListStatusFilter,
} from '../../../domain/records/application-list.schema';
import type { ApplicationStatus, Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { COUNT_QUEUE_PREDICATES, QUEUE_PREDICATES } from '../../db/application-queues';
import { applicationCounts, applications, users } from '../../db/schema';
import type { AuthUser } from '../../types';
import { isReviewer } from '../../kernels/access';
import { figureCondition } from '../../kernels/insights';

type Caller = Pick<AuthUser, 'id' | 'role' | 'mfi_employee'>;

/** The next string after every string with this prefix (the upper bound of a prefix range). */
const after = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/**
 * A prefix range a text_pattern_ops index answers with any parameters (the ~>=~ ~<~ operators
 * compare bytes, whatever the database's collation).
 */
const prefixOf = (column: typeof applications.phone | typeof applications.tracker_id, prefix: string) =>
  sql`(${column} ~>=~ ${prefix} and ${column} ~<~ ${after(prefix)})`;

function searchCondition(text: string): SQL {
  const search = listSearchOf(text);
  switch (search.kind) {
    case 'mobile':
      return prefixOf(applications.phone, search.prefix);
    case 'tracker':
      return search.exact ? eq(applications.tracker_id, search.exact) : prefixOf(applications.tracker_id, search.prefix);
    case 'name':
      // No word to look for (only punctuation): nothing matches.
      if (search.words.length === 0) return sql`false`;
      return sql`${applications.name_search} @@ to_tsquery('simple'::regconfig, ${nameTsQuery(search.words)})`;
  }
}

/**
 * The WHERE of the applications list and of the dashboard count (issue 13), for a caller:
 * always the caller's tenant; a relationship officer (or an AGENT) only their own; then the
 * statuses asked for, or without them (and without a search) what waits for the caller's
 * designation (application-queues.ts, inlined so its partial index is used); a search looks
 * through everything the caller may see.
 */
export function listCondition(
  tenant: Tenant,
  caller: Caller,
  query: Pick<ApplicationListQuery, 'search' | 'statuses' | 'queue' | 'figure'>,
  now = Date.now(),
): SQL {
  const reviewer = isReviewer(caller);
  const parts: (SQL | undefined)[] = [eq(applications.tenant_id, tenant)];
  if (!reviewer) parts.push(eq(applications.created_by, caller.id));
  if (query.statuses) parts.push(statusFilter(query.statuses, applications.status, sql`${applications.resubmitted_at} is not null`));
  else if (query.queue === 'waiting' && !query.search) {
    const predicate = QUEUE_PREDICATES[caller.mfi_employee as keyof typeof QUEUE_PREDICATES];
    parts.push(predicate ? sql.raw(predicate) : sql`false`);
  }
  if (query.search) parts.push(searchCondition(query.search));
  if (query.figure) parts.push(figureCondition(query.figure, now));
  return and(...parts)!;
}

/**
 * The status filter: the statuses asked for, or'ed with RESUBMITTED (PD1_REVIEW with the
 * resubmission flag of the table it filters).
 */
function statusFilter(
  filters: readonly ListStatusFilter[],
  status: typeof applications.status | typeof applicationCounts.status,
  resubmitted: SQL,
): SQL {
  const plain = filters.filter((s): s is ApplicationStatus => s !== 'RESUBMITTED');
  const ofStatus = plain.length === 0 ? undefined : plain.length === 1 ? eq(status, plain[0]!) : inArray(status, plain);
  if (!filters.includes('RESUBMITTED')) return ofStatus!;
  const again = and(eq(status, 'PD1_REVIEW'), resubmitted)!;
  return ofStatus ? or(ofStatus, again)! : again;
}

type Scope = Pick<ApplicationListQuery, 'search' | 'statuses' | 'queue' | 'figure'>;

/**
 * The number of applications listCondition selects. Without a search it is a sum over
 * application_counts (a few rows per officer and status, kept by a trigger), with the same scope,
 * statuses and queue in that table's terms; a search counts the matching rows themselves (a
 * search's matches are few, found through its index).
 */
function totalOf(db: Db, tenant: Tenant, caller: Caller, query: Scope, now?: number) {
  // A search's or a figure's rows are counted themselves (application_counts knows neither).
  if (query.search || query.figure)
    return db
      .select({ n: count() })
      .from(applications)
      .where(listCondition(tenant, caller, query, now));
  const parts: (SQL | undefined)[] = [eq(applicationCounts.tenant_id, tenant)];
  if (!isReviewer(caller)) parts.push(eq(applicationCounts.created_by, caller.id));
  if (query.statuses) parts.push(statusFilter(query.statuses, applicationCounts.status, eq(applicationCounts.resubmitted, true)));
  else if (query.queue === 'waiting') {
    const predicate = COUNT_QUEUE_PREDICATES[caller.mfi_employee as keyof typeof COUNT_QUEUE_PREDICATES];
    parts.push(predicate ? sql.raw(predicate) : sql`false`);
  }
  return db
    .select({ n: sql<number>`coalesce(sum(${applicationCounts.n}), 0)`.mapWith(Number) })
    .from(applicationCounts)
    .where(and(...parts));
}

const NEWEST_FIRST = sql`${applications.updated_at} desc nulls last, ${applications.id} desc nulls last`;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The two queries of a list page (a page of rows, newest change first, and the total), unawaited (the bench explains them). */
export function listQueries(db: Db, tenant: Tenant, caller: Caller, query: ApplicationListQuery, now?: number) {
  const where = listCondition(tenant, caller, query, now);
  return {
    page: db
      .select({
        id: applications.id,
        tracker_id: applications.tracker_id,
        name: sql<unknown>`${applications.data}->'name'`,
        phone: applications.phone,
        status: applications.status,
        stage: applications.stage,
        loan_type: sql<unknown>`${applications.data}->'loan_type'`,
        amount_requested: sql<unknown>`${applications.data}->'amount_requested'`,
        created_at: applications.created_at,
        updated_at: applications.updated_at,
        resubmitted_at: applications.resubmitted_at,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(applications)
      .leftJoin(users, and(eq(users.tenant_id, applications.tenant_id), eq(users.id, applications.created_by)))
      .where(where)
      .orderBy(NEWEST_FIRST)
      .limit(query.size)
      .offset(query.page * query.size),
    total: totalOf(db, tenant, caller, query, now),
  };
}

/** GET /api/v1/app/mfi: one page of the caller's list, newest change first, with the totals. */
export async function listApplications(
  db: Db,
  tenant: Tenant,
  caller: Caller,
  query: ApplicationListQuery,
  now?: number,
): Promise<ApplicationListPage> {
  const queries = listQueries(db, tenant, caller, query, now);
  const [rows, [total]] = await Promise.all([queries.page, queries.total]);
  const totalElements = total?.n ?? 0;
  const list = rows.map((r): ApplicationListItem => ({
    id: r.id,
    tracker_id: r.tracker_id,
    name: str(r.name),
    phone: r.phone,
    status: r.status,
    stage: r.stage,
    loan_type: str(r.loan_type),
    amount_requested: num(r.amount_requested),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    created_by_name: [r.first_name, r.last_name].filter((p) => p).join(' ') || null,
    resubmitted: r.status === 'PD1_REVIEW' && r.resubmitted_at !== null,
  }));
  return { list, total_pages: Math.ceil(totalElements / query.size), total_elements: totalElements };
}

/**
 * GET /api/v1/app/mfi/count (the dashboard): every application the caller may see, the list's
 * total with queue=all and no filter: a relationship officer's or an AGENT's own, the tenant's
 * for a reviewer.
 */
export async function countApplications(db: Db, tenant: Tenant, caller: Caller): Promise<number> {
  const [row] = await totalOf(db, tenant, caller, { search: null, statuses: null, queue: 'all' });
  return row?.n ?? 0;
}
