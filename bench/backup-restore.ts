// `npm run backup` and `npm run restore` (issue 35, item 5) on PostgreSQL: 10,000 applications (one
// verified through the real API, its row cloned) with 5 uploaded files each (a 50 KB photo and four
// 12 KB documents of random bytes: about 100 KB an application) in the disk store, in a database of
// the bench's own. Each round runs the two commands as an operator does (tsx, its start included):
// a backup into a new directory, then a restore of it into a new database and a new store, with the
// restore's own checks (every table's row count, every file's SHA-256 read back); backup and restore
// alternate, ROUNDS rounds, min / median / max of each, with the sizes and the load average. Each
// command must exit 0 and print that it is done; the manifest must hold every application and file.
//
//   npm run bench -- backup-restore          BENCH_ROUNDS=3
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Manifest } from '../src/server/ops/manifest';
import { signInByApi, startServerProcess } from '../tests/support/server-process';
import { createVerifiedApplication } from './application-fixture';
import { createBenchDatabase, type BenchDatabase } from './bench-database';
import { SHORT } from './http-load';
import { loadAverage, spread } from './server-start';

const APPLICATIONS = SHORT ? 200 : 10_000;
const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
/** The bytes of each application's five files, in the order the template uploaded them. */
const FILE_BYTES = [50 * 1024, 12 * 1024, 12 * 1024, 12 * 1024, 12 * 1024];
const RO = '9000000001';

const MB = (bytes: number) => bytes / 1024 / 1024;

/** One of the two commands, as `npm run backup -- <dir>` runs it; its output, refused unless it exits 0 and says `done`. */
function command(script: 'backup' | 'restore', dir: string, env: Record<string, string>): Promise<{ seconds: number; output: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', [`scripts/${script}.ts`, dir], { env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 || !new RegExp(`${script} done in`).test(output)) reject(new Error(`npm run ${script} exited ${code}:\n${output}`));
      else resolve({ seconds: (performance.now() - t0) / 1000, output });
    });
  });
}

/** The verified application cloned into APPLICATIONS, each with its own five files (rows and bytes in the store). */
async function seed(url: string, dataDir: string, templateId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO applications (tenant_id, id, created_by, status, tracker_id, phone, stage, data, created_at, updated_at)
      SELECT a.tenant_id, md5(a.id || g::text), a.created_by, a.status, 'SAH9' || lpad(g::text, 9, '0'), a.phone, a.stage, a.data, a.created_at, a.updated_at
      FROM applications a, generate_series(1, ${APPLICATIONS - 1}) g WHERE a.id = '${templateId}'`);
    const templateFiles = (
      await client.query<{ id: string }>(`SELECT id FROM files WHERE application_id = $1 ORDER BY created_at, id`, [templateId])
    ).rows.map((r) => r.id);
    if (templateFiles.length !== FILE_BYTES.length)
      throw new Error(`the template has ${templateFiles.length} files, not ${FILE_BYTES.length}`);
    const ids = (await client.query<{ id: string }>(`SELECT id FROM applications WHERE tracker_id LIKE 'SAH9%' ORDER BY id`)).rows.map(
      (r) => r.id,
    );
    const store = join(dataDir, 'uploads', 'sahyog');
    mkdirSync(store, { recursive: true });
    for (let at = 0; at < ids.length; at += 500) {
      const cols: string[][] = [[], [], [], [], [], []];
      for (const applicationId of ids.slice(at, at + 500)) {
        templateFiles.forEach((templateId, i) => {
          const bytes = randomBytes(FILE_BYTES[i]!);
          const name = randomBytes(16).toString('hex');
          writeFileSync(join(store, name), bytes);
          const row = [
            randomBytes(16).toString('hex'),
            name,
            String(bytes.length),
            createHash('sha256').update(bytes).digest('hex'),
            applicationId,
            templateId,
          ];
          row.forEach((value, c) => cols[c]!.push(value));
        });
      }
      await client.query(
        `INSERT INTO files (tenant_id, id, storage_name, original_name, mime, size, sha256, purpose, file_type, upload_type, application_id,
           record_index, uploaded_by, client_address, attached_at, created_at)
         SELECT f.tenant_id, n.id, n.storage_name, f.original_name, f.mime, n.size, n.sha256, f.purpose, f.file_type, f.upload_type, n.application_id,
           f.record_index, f.uploaded_by, f.client_address, f.attached_at, f.created_at
         FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[]) AS n(id, storage_name, size, sha256, application_id, template_id)
         JOIN files f ON f.tenant_id = 'sahyog' AND f.id = n.template_id`,
        cols,
      );
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

export async function benchBackupRestore(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'sahyog-bench-backup-'));
  const dataDir = join(work, 'source');
  const keys = { KEY_FILE: join(work, 'keys.json'), NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  const databases: BenchDatabase[] = [];
  try {
    const source = await createBenchDatabase('backup_source');
    databases.push(source);
    const server = await startServerProcess({ quiet: true, dataDir, env: { ...keys, DATABASE_URL: source.url } });
    let templateId: string;
    try {
      ({ applicationId: templateId } = await createVerifiedApplication(server.baseURL, await signInByApi(server.baseURL, RO)));
    } finally {
      await server.stop({ keepData: true });
    }
    const seeding = performance.now();
    await seed(source.url, dataDir, templateId);
    console.log(
      `backup-restore: PostgreSQL, ${APPLICATIONS} applications with ${FILE_BYTES.length} files each (${(FILE_BYTES.reduce((a, b) => a + b) / 1024).toFixed(0)} KB an application) seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s; ${ROUNDS} rounds of backup then restore; load average ${loadAverage()}`,
    );

    const backups: number[] = [];
    const restores: number[] = [];
    let manifest: Manifest | undefined;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const dir = join(work, `backup-${round}`);
      backups.push((await command('backup', dir, { ...keys, DATABASE_URL: source.url, DATA_DIR: dataDir })).seconds);
      manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
      if (manifest.tables['public.applications'] !== APPLICATIONS || manifest.files.length !== APPLICATIONS * FILE_BYTES.length)
        throw new Error(`the backup holds ${manifest.tables['public.applications']} applications and ${manifest.files.length} files`);

      const target = await createBenchDatabase('backup_target');
      databases.push(target);
      const restored = await command('restore', dir, { ...keys, DATABASE_URL: target.url, DATA_DIR: join(work, `restore-${round}`) });
      if (
        !/each table's row count .* matches the manifest/.test(restored.output) ||
        !/each read back with the manifest's SHA-256/.test(restored.output)
      )
        throw new Error(`npm run restore did not report its checks:\n${restored.output}`);
      restores.push(restored.seconds);
      console.log(
        `round ${round}: backup ${backups.at(-1)!.toFixed(1)} s, restore ${restored.seconds.toFixed(1)} s; load average ${loadAverage()}`,
      );
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(join(work, `restore-${round}`), { recursive: true, force: true });
    }
    const fileBytes = manifest!.files.reduce((n, f) => n + f.bytes, 0);
    const rows = Object.values(manifest!.tables).reduce((a, b) => a + b, 0);
    console.log(
      `backup of ${rows} rows and ${manifest!.files.length} files: dump ${MB(manifest!.database.bytes).toFixed(1)} MB (${manifest!.database.madeWith}), files ${MB(fileBytes).toFixed(0)} MB`,
    );
    console.log(`npm run backup:  min / median / max ${spread(backups, 1)} s`);
    console.log(`npm run restore: min / median / max ${spread(restores, 1)} s (with its checks of every table and file)`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    for (const database of databases) await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBackupRestore();
