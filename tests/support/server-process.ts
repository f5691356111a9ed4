import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor200(url: string, child: ChildProcess, timeoutMs: number, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export type ServerProcess = {
  baseURL: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
};

/**
 * Starts the real server through `npm start`'s script (SKIP_BUILD: the caller built already),
 * PGlite in `dataDir` (a fresh temporary one by default), on a free port.
 */
export async function startServerProcess(
  opts: { dataDir?: string; env?: Record<string, string>; quiet?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'sahyog-data-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', SKIP_BUILD: '1', DATABASE_URL: '', ...opts.env },
    stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const baseURL = `http://localhost:${port}`;
  try {
    await waitFor200(`${baseURL}/api/health`, child, 90000);
  } catch (err) {
    // A server that did not answer in time is not left running (on a data directory removed here).
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseURL,
    port,
    dataDir,
    child,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API with the OTP from the dev SMS outbox; returns the token. */
export async function signInByApi(baseURL: string, mobile: string): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'client-identifier': 'WEB_APP' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { success: boolean; data: Record<string, string>; message?: string };
  };
  const sent = await post('/api/v1/auth/send-otp', { mobile, hostname: new URL(baseURL).hostname });
  if (!sent.success) throw new Error(`send-otp failed: ${sent.message}`);
  const sms = (await (await fetch(`${baseURL}/api/dev/sms?mobile=${mobile}`)).json()) as { data: { otp: string }[] };
  const verified = await post('/api/v1/auth/verify-otp', { session_id: sent.data.session_id, otp: sms.data[0]!.otp });
  if (!verified.success) throw new Error(`verify-otp failed: ${verified.message}`);
  return verified.data.token!;
}
