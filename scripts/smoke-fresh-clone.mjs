// The newcomer's path, as CI runs it: a fresh clone of this commit, the README's set-up command
// exactly as written (`npm install && npm start`), then a sign-in through the development SMS
// outbox and a call of the dashboard API. Fails when any step fails, when `npm install` warns
// about the Node engine or rewrites a tracked file, or when the server does not print the OTP.
//   node scripts/smoke-fresh-clone.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const START_TIMEOUT_MS = 6 * 60_000;

/** The README's set-up line: the Quick start block's line that runs `npm start`, without its comment. */
export function readmeStartCommand(readme) {
  const block = readme.split('## Quick start')[1]?.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
  const line = block.split('\n').find((l) => /\bnpm start\b/.test(l));
  if (!line) throw new Error('README: no `npm start` line in the Quick start block');
  return line.replace(/\s+#.*$/, '').trim();
}

const freePort = () =>
  new Promise((ok, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });

async function api(base, method, path, body, headers = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', 'client-identifier': 'WEB_APP', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'sahyog-smoke-'));
  const clone = join(tmp, 'clone');
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '-q', root, clone]);
  execFileSync('git', ['checkout', '-q', commit], { cwd: clone });
  const command = readmeStartCommand(readFileSync(join(clone, 'README.md'), 'utf8'));
  const port = await freePort();
  console.log(`smoke: fresh clone of ${commit.slice(0, 10)}; running the README's "${command}" (PORT=${port})`);

  // A process group of its own, so the server started by npm is stopped with it.
  const child = spawn('bash', ['-c', command], {
    cwd: clone,
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: join(tmp, 'data'), NODE_ENV: '', DATABASE_URL: '', SKIP_BUILD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the README command exited with ${child.exitCode}`);
      if (Date.now() - started > START_TIMEOUT_MS) throw new Error('the server did not answer within 6 minutes');
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`smoke: server up after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (/EBADENGINE/.test(output))
      throw new Error('npm install warned about the Node engine:\n' + output.match(/.*EBADENGINE.*/g).join('\n'));
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: clone, encoding: 'utf8' }).trim();
    if (dirty) throw new Error(`npm install changed tracked files:\n${dirty}`);

    const mobile = '9000000001';
    const { session_id } = await api(base, 'POST', '/api/v1/auth/send-otp', { mobile, hostname: 'localhost' });
    const [message] = await api(base, 'GET', `/api/dev/sms?mobile=${mobile}`);
    if (!/^\d{6}$/.test(message?.otp ?? '')) throw new Error('no OTP in the development SMS outbox');
    const { token } = await api(base, 'POST', '/api/v1/auth/verify-otp', { session_id, otp: message.otp });
    const me = await api(base, 'GET', '/api/v1/user/me', undefined, { token });
    const { count } = await api(base, 'GET', '/api/v1/app/mfi/count', undefined, { token });
    const page = await fetch(`${base}/`).then((r) => r.text());
    if (!page.includes('<div id="root">')) throw new Error('the PWA is not served at /');
    if (!output.includes(message.otp)) throw new Error('the server console did not print the OTP');
    console.log(`smoke: signed in as ${me.first_name} (${me.mfi_employee}); dashboard count ${count}; the OTP was printed on the console`);
  } catch (error) {
    console.error(
      `smoke: FAILED: ${error.message}\n--- output of "${command}" (last 60 lines) ---\n${output.split('\n').slice(-60).join('\n')}`,
    );
    process.exitCode = 1;
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
