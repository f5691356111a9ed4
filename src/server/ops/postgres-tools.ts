import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { RunQuery } from './database-facts';

const run = promisify(execFile);

/** Debian installs each major version's client under /usr/lib/postgresql/<major>/bin; /usr/bin/pg_dump is its wrapper. */
const DEBIAN_VERSIONS = '/usr/lib/postgresql';

export type PgTool = { path: string; version: string; major: number };

async function versionOf(path: string): Promise<PgTool> {
  const { stdout } = await run(path, ['--version']);
  const major = Number(/\s(\d+)(?:\.\d+)?/.exec(stdout)?.[1] ?? NaN);
  return { path, version: stdout.trim(), major };
}

/**
 * pg_dump or pg_restore for a server of `serverMajor`: PG_BIN_DIR's when set, else Debian's of the
 * same major version, else the newest of Debian's, else the one on PATH. pg_dump refuses a server
 * newer than itself, so an older tool is refused here with what to install.
 */
export async function pgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<PgTool> {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(join(process.env.PG_BIN_DIR, name));
  else {
    const majors = existsSync(DEBIAN_VERSIONS)
      ? readdirSync(DEBIAN_VERSIONS)
          .filter((v) => /^\d+$/.test(v) && existsSync(join(DEBIAN_VERSIONS, v, 'bin', name)))
          .map(Number)
          .sort((a, b) => b - a)
      : [];
    const chosen = majors.includes(serverMajor) ? serverMajor : majors[0];
    if (chosen !== undefined) candidates.push(join(DEBIAN_VERSIONS, String(chosen), 'bin', name));
    candidates.push(name);
  }
  let tool: PgTool | undefined;
  for (const path of candidates) {
    tool = await versionOf(path).catch(() => undefined);
    if (tool) break;
  }
  if (!tool) throw new Error(`${name} was not found: install Debian's postgresql-client-${serverMajor} (or set PG_BIN_DIR)`);
  if (tool.major < serverMajor)
    throw new Error(
      `${tool.path} is ${tool.version}, older than the PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} (or set PG_BIN_DIR)`,
    );
  return tool;
}

/** The address without its password (which goes in PGPASSWORD), so no process listing shows it. */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

export async function runPgTool(tool: PgTool, args: string[], url: string): Promise<void> {
  const { dbname, env } = libpq(url);
  try {
    await run(tool.path, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${tool.path} failed: ${(stderr || (error as Error).message).trim().slice(0, 2000)}`);
  }
}

/** A client of the database at `url`, and its queries as RunQuery. */
export async function connect(url: string): Promise<{ client: pg.Client; query: RunQuery; serverMajor: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query: RunQuery = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
  const [row] = await query('show server_version_num');
  return { client, query, serverMajor: Math.floor(Number(row!.server_version_num) / 10_000) };
}
