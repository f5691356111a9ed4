import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../../../src/server/db/client';
import { recordLoanEvent } from '../../../src/server/kernels/history';
import { applications, authTokens, coApplicants, familyMembers, files, joinUsRequests, users } from '../../../src/server/db/schema';
import { ARJUN, KAVITA, login, MEENA, RAVI, SURESH } from './auth-flow';
import { hostOf } from './http';
import { register } from './join-us';
import { multipart, PNG } from './multipart';
import { T0 } from './test-app';
import { createApplication } from './validation';
import { selfApplyUser } from '../../../src/server/modules/auth/guest-session.service';
import { createDraftApplication } from '../../../src/server/modules/applications/applications.service';

// A small tenant for walking every route: one relationship officer's application with a
// co-applicant, a family member and a file; a partner request with its documents; and a signed-in
// caller of every kind, in this tenant and in another.

export const OTHER_RO = '9000000011';
const hex = () => randomBytes(16).toString('hex');

export type Caller =
  'anonymous' | 'crossToken' | 'foreign' | 'foreignManager' | 'agent' | 'noDesignation' | 'otherOfficer' | 'owner' | 'bcm' | 'bm';
export const CALLERS: readonly Caller[] = [
  'anonymous',
  'crossToken',
  'foreign',
  'foreignManager',
  'agent',
  'noDesignation',
  'otherOfficer',
  'owner',
  'bcm',
  'bm',
];

export type World = {
  tokens: Record<Caller, string | undefined>;
  /** The tenant each caller's request goes to (the other tenant's users call their own host). */
  tenants: Record<Caller, string>;
  app: string;
  coApplicant: string;
  family: string;
  file: string;
  joinUsRequest: string;
  joinUsFile: string;
  /** A self-application the borrower sent from their phone (public flow), waiting to be taken over. */
  selfApp: string;
  /** The owner's user id, and a device they once signed in from (its session already ended). */
  officer: number;
  officerDevice: string;
  /** A loan event of the application (the webhooks' outbox). */
  loanEvent: string;
};

/**
 * The application states the route-access test walks (DECISIONS.md "Application status machine"):
 * every status, and a rejection by the bureau apart from one by a reviewer or the BRE.
 */
export const STATES = [
  'DRAFT',
  'PD1_REVIEW',
  'PD1_COMPLETE',
  'PD2_COMPLETE',
  'PD2_REVIEW',
  'APPROVED',
  'REJECTED',
  'REJECTED_BY_BUREAU',
] as const;
export type State = (typeof STATES)[number];

/**
 * Puts the world's application in a state, straight in the database, with its records as the
 * world made them (what an allowed call of the previous state added or changed is undone).
 */
export async function putInState(db: Db, world: World, state: State): Promise<void> {
  const saved = (world as WorldWithRows).saved;
  const status = state === 'REJECTED_BY_BUREAU' ? 'REJECTED' : state;
  const data = { ...saved.application.data, bureau_deviation_exists: state === 'REJECTED_BY_BUREAU' };
  await db
    .update(applications)
    .set({ status, data, stage: saved.application.stage, resubmitted_at: null })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, world.app)));
  await db.delete(coApplicants).where(and(eq(coApplicants.tenant_id, 'sahyog'), eq(coApplicants.application_id, world.app)));
  await db.insert(coApplicants).values(saved.coApplicants);
  await db.delete(familyMembers).where(and(eq(familyMembers.tenant_id, 'sahyog'), eq(familyMembers.application_id, world.app)));
  await db.insert(familyMembers).values(saved.familyMembers);
}

type WorldWithRows = World & {
  saved: {
    application: typeof applications.$inferSelect;
    coApplicants: (typeof coApplicants.$inferSelect)[];
    familyMembers: (typeof familyMembers.$inferSelect)[];
  };
};

async function insertFileRow(db: Db, values: { purpose: string; application_id?: string; uploaded_by?: number }) {
  const id = hex();
  await db.insert(files).values({
    tenant_id: 'sahyog',
    id,
    storage_name: hex(),
    original_name: 'doc.png',
    mime: 'image/png',
    size: 10,
    sha256: createHash('sha256').update(id).digest('hex'),
    created_at: new Date(T0),
    ...values,
  });
  return id;
}

export async function buildWorld(app: FastifyInstance, db: Db): Promise<World> {
  await db
    .insert(users)
    .values({ tenant_id: 'sahyog', mobile: OTHER_RO, first_name: 'Other', role: 'MFI_EMPLOYEE', mfi_employee: 'RELATIONSHIP_OFFICER' });
  const owner = await login(app, RAVI);
  const tokens: Record<Caller, string | undefined> = {
    anonymous: undefined,
    crossToken: owner, // a sahyog token sent to another tenant's host
    foreign: await login(app, RAVI, 'catfin'),
    foreignManager: await login(app, ARJUN, 'catfin'),
    agent: await login(app, KAVITA),
    noDesignation: await login(app, SURESH),
    otherOfficer: await login(app, OTHER_RO),
    owner,
    bcm: await login(app, MEENA),
    bm: await login(app, ARJUN),
  };
  const tenants = Object.fromEntries(
    CALLERS.map((c) => [c, ['crossToken', 'foreign', 'foreignManager'].includes(c) ? 'catfin' : 'sahyog']),
  ) as Record<Caller, string>;
  const applicationId = await createApplication(app, owner);
  const [ravi] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, 'sahyog'), eq(users.mobile, RAVI)));
  const at = new Date(T0);
  const coApplicant = hex();
  await db.insert(coApplicants).values({
    tenant_id: 'sahyog',
    id: coApplicant,
    application_id: applicationId,
    type: 'GUARANTOR',
    status: 'REJECTED',
    data: { name: 'Vikram Joshi' },
    created_by: ravi!.id,
    created_at: at,
    updated_at: at,
  });
  const family = hex();
  await db.insert(familyMembers).values({
    tenant_id: 'sahyog',
    id: family,
    application_id: applicationId,
    data: { name: 'Sita Devi' },
    created_by: ravi!.id,
    created_at: at,
    updated_at: at,
  });
  const file = await insertFileRow(db, { purpose: 'APPLY_LOAN', application_id: applicationId, uploaded_by: ravi!.id });
  const self = await selfApplyUser(db, 'sahyog');
  const selfApp = await createDraftApplication(db, 'sahyog', self.id, T0, {
    phone: '9876512399',
    source: 'SELF',
    self_submitted_at: at.toISOString(),
  });
  const officerDevice = 'd'.repeat(64);
  await db.insert(authTokens).values({
    tenant_id: 'sahyog',
    token_hash: 'e'.repeat(64),
    user_id: ravi!.id,
    device: officerDevice,
    created_at: at,
    last_used_at: at,
    revoked_at: at,
  });
  const loanEvent = await db.transaction((tx) =>
    recordLoanEvent(tx, 'sahyog', { type: 'loan.disbursed', applicationId, at: T0, payload: { application_id: applicationId } }),
  );
  const documents = await register(app);
  const [request] = await db.select({ id: joinUsRequests.id }).from(joinUsRequests).where(eq(joinUsRequests.tenant_id, 'sahyog'));
  const [application] = await db.select().from(applications).where(eq(applications.id, applicationId));
  const saved = {
    application: application!,
    coApplicants: await db.select().from(coApplicants).where(eq(coApplicants.application_id, applicationId)),
    familyMembers: await db.select().from(familyMembers).where(eq(familyMembers.application_id, applicationId)),
  };
  const world: WorldWithRows = {
    tokens,
    tenants,
    app: applicationId,
    coApplicant,
    family,
    file,
    joinUsRequest: request!.id,
    joinUsFile: documents.pan,
    selfApp,
    officer: ravi!.id,
    officerDevice,
    loanEvent,
    saved,
  };
  return world;
}

/** What the rows of the tenant hold, to show a refused request changed nothing. */
export async function snapshot(db: Db): Promise<string> {
  const tables = ['applications', 'co_applicants', 'family_members', 'files', 'join_us_requests', 'otp_sessions', 'idempotency_keys'];
  const parts: unknown[] = [];
  for (const table of tables) {
    const result = await db.execute(sql.raw(`select * from ${table} order by 1, 2`));
    parts.push((result as unknown as { rows: unknown[] }).rows ?? result);
  }
  return JSON.stringify(parts);
}

/** A request as app.inject takes it, from a caller of the world. */
export function requestOf(world: World, caller: Caller, method: string, url: string, body?: unknown): InjectOptions {
  const token = world.tokens[caller];
  const headers: Record<string, string> = { host: hostOf(world.tenants[caller]), ...(token ? { token } : {}) };
  if (body instanceof MultipartBody) {
    const { payload, headers: h } = multipart(body.fields, [{ field: body.field, filename: 'photo.png', bytes: PNG, type: 'image/png' }]);
    return { method: method as InjectOptions['method'], url, headers: { ...headers, ...h }, payload };
  }
  return {
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  };
}

/** A multipart upload body (one PNG in `field`) for requestOf. */
export class MultipartBody {
  constructor(
    readonly field: string,
    readonly fields: Record<string, string>,
  ) {}
}
