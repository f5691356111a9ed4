// KYC submit (PATCH /api/v1/app/mfi/{id}/basic-info) and co-applicant add (POST
// /api/v1/app/mfi/{id}/co-applicant) under load, on PostgreSQL (pool of 10) and on PGlite:
// 10 keep-alive clients for 20 s each, every request a new record of about 1.6 KB with its own
// Idempotency-Key, the token checked against the database on every request
// (TOKEN_CACHE_SECONDS=0), about 10k rows already in the tables; then exact replays of requests
// already answered. Target: >= 380 req/s with p99 <= 60 ms, replays at least as fast.
//
//   npx tsx bench/application-submit.ts [postgres|pglite]   (both when omitted)
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { signInByApi, startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { createVerifiedApplication } from './application-fixture';
import { LIFT_QUOTAS_SQL, load as loadWith, report, SHORT, type Req } from './http-load';

export { report, type Req };

export const CLIENTS = 10;
export const SECONDS = SHORT ? 1 : Number(process.env.BENCH_SECONDS ?? 20);
export const WARM_UP_SECONDS = SHORT ? 1 : 3;
const SEEDED_APPLICATIONS = SHORT ? 200 : 12_000;
const SEEDED_CO_APPLICANTS = SHORT ? 100 : 10_000;
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_BENCH_DB = process.env.BENCH_PG_DB ?? 'sahyog_bench';
export const RO = '9000000001';

export const load = (
  port: number,
  token: string,
  next: () => Req | undefined,
  seconds: number,
  keep?: Req[],
  server?: { pid: number; profile?: boolean },
) => loadWith(port, token, next, seconds, { clients: CLIENTS, keep, serverPids: server && [server.pid], profile: server?.profile });

/** About 1.6 KB of KYC, unique per request. */
export function kycBody(n: number, fileIds: string[]): string {
  const [photo, pan, front, back, voter] = fileIds;
  return JSON.stringify({
    guardian_name: `RAMESH YADAV ${n}`,
    guardian_relationship: 'Husband',
    mother_name: `KAMALA DEVI ${n}`,
    category: 'OBC',
    religion: 'Hindu',
    mother_tongue: 'Kannada',
    education_qualification: '10th Pass',
    no_of_family_members: 4,
    no_of_earning_members: 2,
    photo_file: photo,
    photo_geo_tag_info: { latitude: 12.9716 + n / 1e7, longitude: 77.5946 },
    pan_file: pan,
    aadhaar_front_file: front,
    aadhaar_back_file: back,
    voter_id_file: voter,
    remarks: `Visited the borrower at home; request ${n}. ${'Shop and house seen, neighbours confirm residence of eight years. '.repeat(13)}`,
  });
}

/** About 0.8 KB of co-borrower within the schema's limits, unique per request (its own client id). */
function coApplicantBody(n: number, fileIds: string[]): string {
  const [, pan, front, back, voter] = fileIds;
  return JSON.stringify({
    id: randomBytes(16).toString('hex'),
    type: 'CO_BORROWER',
    relationship: 'Spouse',
    title: 'Mr.',
    phone: '9876501234',
    name: 'RAMESH YADAV',
    guardian_name: 'SURESH YADAV',
    guardian_relationship: 'Father',
    gender: 'MALE',
    income: 15000 + n,
    dob: '03-09-1982',
    age: 44,
    marital_status: 'Married',
    email: `ramesh${n}@example.in`,
    pincode: '560001',
    city: 'Bengaluru',
    district: 'Bangalore',
    state: 'Karnataka',
    address: `12 Market Road, Shivajinagar, house ${n}. Lives with the borrower above the shop, known in the lane for eight years.`,
    landmark: 'Near the bus stand',
    pan: 'CRYPY5532L',
    pan_file: pan,
    aadhaar_front_file: front,
    aadhaar_back_file: back,
    aadhaar: '1238',
    voter_id_file: voter,
    voter_id: 'XKD2345676',
  });
}

/** Clones the verified template into SEEDED_APPLICATIONS applications and SEEDED_CO_APPLICANTS co-applicants. */
export async function seed(database: Database, templateId: string): Promise<string[]> {
  const { db } = database;
  const exec = (text: string) => (db as unknown as { execute(q: string): Promise<{ rows: Record<string, unknown>[] }> }).execute(text);
  await exec(`
    INSERT INTO applications (tenant_id, id, created_by, status, tracker_id, phone, stage, data, created_at, updated_at)
    SELECT a.tenant_id, md5(a.id || g::text), a.created_by, a.status, 'SAH9' || lpad(g::text, 9, '0'), a.phone, a.stage, a.data, a.created_at, a.updated_at
    FROM applications a, generate_series(1, ${SEEDED_APPLICATIONS}) g WHERE a.id = '${templateId}'`);
  await exec(`
    INSERT INTO co_applicants (tenant_id, id, application_id, type, status, data, created_by, created_at, updated_at)
    SELECT a.tenant_id, md5('co' || a.id), a.id, 'CO_BORROWER', 'ACTIVE', '{"name":"SEEDED CO-BORROWER","pan":"CRYPY5532L"}'::jsonb, a.created_by, a.created_at, a.updated_at
    FROM applications a WHERE a.id <> '${templateId}' AND a.tracker_id LIKE 'SAH9%' LIMIT ${SEEDED_CO_APPLICANTS}`);
  // Files must be of the application or of none (the submit's file check): the template's become of none.
  await exec(`UPDATE files SET application_id = NULL WHERE application_id = '${templateId}'`);
  await exec(LIFT_QUOTAS_SQL);
  await exec('ANALYZE');
  const { rows } = await exec(`SELECT id FROM applications WHERE tracker_id LIKE 'SAH9%' ORDER BY id`);
  return rows.map((r) => String(r.id));
}

export async function prepare(
  engine: 'postgres' | 'pglite',
): Promise<{ env: Record<string, string>; dataDir?: string; open: () => Database }> {
  const env: Record<string, string> = { LOG_LEVEL: 'warn', TOKEN_CACHE_SECONDS: '0', NODE_ENV: 'test' };
  // BENCH_CPU_PROF=bench/cpu-profile.cjs: the server records a CPU profile of the timed KYC run (bench/cpu-profile.cjs).
  if (process.env.BENCH_CPU_PROF) env.NODE_OPTIONS = `--require ${process.env.BENCH_CPU_PROF}`;
  if (engine === 'pglite') return { env, open: () => undefined as never };
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${PG_BENCH_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_BENCH_DB}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${PG_BENCH_DB}`);
  return { env: { ...env, DATABASE_URL: url }, open: () => openPostgres(url, { max: 2 }) };
}

export async function benchApplicationSubmit(engines: ('postgres' | 'pglite')[] = ['postgres', 'pglite']): Promise<void> {
  for (const engine of engines) {
    console.log(
      `\n${engine}: ${CLIENTS} clients, ${SECONDS} s per run, ~${SEEDED_APPLICATIONS + SEEDED_CO_APPLICANTS} rows seeded, auth against the database on every request`,
    );
    const setup = await prepare(engine);
    let server: ServerProcess = await startServerProcess({ quiet: true, env: setup.env });
    const token0 = await signInByApi(server.baseURL, RO);
    const { applicationId, fileIds } = await createVerifiedApplication(server.baseURL, token0);
    // Seed beside a stopped server (PGlite has one owner), then start it again.
    await server.stop({ keepData: true });
    const database = engine === 'pglite' ? await openPglite({ dataDir: `${server.dataDir}/pglite` }) : setup.open();
    const ids = await seed(database, applicationId);
    await database.close();
    server = await startServerProcess({ quiet: true, env: setup.env, dataDir: server.dataDir });
    try {
      const token = await signInByApi(server.baseURL, RO);
      let n = 0;
      const kyc = (): Req => {
        const i = n++;
        return { method: 'PATCH', path: `/api/v1/app/mfi/${ids[i % ids.length]}/basic-info`, key: randomUUID(), body: kycBody(i, fileIds) };
      };
      const coApplicant = (): Req => {
        const i = n++;
        return {
          method: 'POST',
          path: `/api/v1/app/mfi/${ids[i % ids.length]}/co-applicant`,
          key: randomUUID(),
          body: coApplicantBody(i, fileIds),
        };
      };
      await load(server.port, token, kyc, WARM_UP_SECONDS); // warm-up
      const answered: Req[] = [];
      const pid = server.child.pid!;
      report('KYC submit (new)', await load(server.port, token, kyc, SECONDS, answered, { pid, profile: true }));
      report('co-applicant add (new)', await load(server.port, token, coApplicant, SECONDS, answered, { pid }));
      let r = 0;
      report('exact replays', await load(server.port, token, () => answered[r++ % answered.length], SECONDS, undefined, { pid }));
    } finally {
      await server.stop();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv[2];
  await benchApplicationSubmit(arg === 'postgres' || arg === 'pglite' ? [arg] : undefined);
}
