// Every benchmark of bench/benches.ts run once in its short mode (BENCH_SHORT=1, as
// `npm run bench:short`), each in its own process as `npm run bench -- <name>` runs it: it must
// exit 0 and print its figures (`npm run test:bench` builds the PWA first when stale, as `npm run
// bench` does). A bench that needs Chromium, PostgreSQL or HAProxy is skipped,
// saying so, on a machine without them.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BENCHES } from '../../bench/benches';
import { CHROMIUM_PATH } from '../e2e/support/browser';

type Need = 'chromium' | 'postgres' | 'haproxy';

/** A figure: a number (a difference may be negative), then its unit. */
const N = String.raw`-?\d+(\.\d+)?`;
const line = (text: string) => new RegExp(text.replaceAll('{n}', N));
/** The same line twice (a bench run on PostgreSQL and then on PGlite). */
const twice = (re: RegExp) => new RegExp(`${re.source}[\\s\\S]*${re.source}`);
const rps = (label: string) => line(`${label.replace(/[()/]/g, '\\$&')}\\s+{n} req/s  p50 {n} ms  p95 {n} ms  p99 {n} ms`);

/** What each bench needs beyond Node, and the lines of figures it must print. */
const EXPECTED: Record<string, { needs: Need[]; figures: RegExp[] }> = {
  'login-bundle': {
    needs: ['chromium'],
    figures: [
      line('JS\\+CSS loaded by /login: {n} KB gzipped'),
      line('precache total: {n} KB gzipped'),
      line('precached web fonts: {n} KB'),
    ],
  },
  'apply-loan-bundle': { needs: ['chromium'], figures: [line('JS\\+CSS loaded by /apply-loan/mobile: {n} KB gzipped')] },
  lighthouse: {
    needs: ['chromium'],
    figures: [
      line('lighthouse /login: performance median {n}.*TBT median {n} ms'),
      line('lighthouse signed-in start \\(the app lock\\): performance median {n}'),
    ],
  },
  startup: {
    needs: ['postgres'],
    figures: [
      ...['pglite fresh', 'pglite existing', 'postgres fresh', 'postgres existing'].map((c) =>
        line(
          `this checkout: ${c} +first answer {n} s \\(load average {n} {n} {n}\\); started in {n} ms \\(CPU {n} ms\\).*migrations {n} ms.*seed {n} ms, listen {n} ms`,
        ),
      ),
      line('PGlite boot {n} ms'),
      line('this checkout: pglite existing +{n} / {n} / {n}'),
    ],
  },
  'me-vs-health': {
    needs: [],
    figures: [
      line('round 1 health\\s+{n} req/s, p99 {n} ms \\(load average {n} {n} {n}\\)'),
      line('round 1 user/me\\s+{n} req/s, p99 {n} ms'),
      line('ratio me/health {n} / {n} / {n}'),
    ],
  },
  'outbox-drain': {
    needs: ['chromium'],
    figures: [
      line('round 1 engine: {n} items in {n} s'),
      line('round 1 direct: {n} requests in {n} s.*load average {n} {n} {n}'),
      line('ratio engine/direct {n} / {n} / {n}'),
    ],
  },
  'outbox-recovery': {
    needs: ['chromium'],
    figures: [line('drained in {n} s'), line('the server holds {n} applications and {n} files.*: {n} duplicates')],
  },
  'compress-photo': {
    needs: ['chromium'],
    figures: [line('compress median {n} ms'), line('longest main-thread task while compressing: {n} ms')],
  },
  'draft-autosave': { needs: ['chromium'], figures: [line('60-field draft save: median {n} ms, p95 {n} ms')] },
  'borrower-bundle': {
    needs: ['chromium'],
    figures: [line('borrower JS loaded by /application/mobile beyond the signed-in shell: {n} KB gzipped')],
  },
  'application-submit': {
    needs: ['postgres'],
    figures: [
      ...['KYC submit, 10 clients', 'co-applicant add, 10 clients', 'exact replays, 10 clients'].flatMap((l) => [
        rps(`postgres ${l}`),
        rps(`pglite   ${l}`),
      ]),
      line('CPU \\(server \\+ database\\) {n} ms/request, load average {n} {n} {n}'),
      twice(line('PGlite / PostgreSQL: req/s {n} / {n} / {n}  p99 {n} / {n} / {n}  CPU per request {n} / {n} / {n}')),
    ],
  },
  'applications-list': {
    needs: ['postgres'],
    figures: [line('p50 +{n} ms  p95 +{n} ms  p99 +{n} ms'), line('sequential scans of applications in these plans: {n}')],
  },
  'statement-cam': { needs: [], figures: [line('identity: first {n} ms, median {n} ms'), line('CAM: +first {n} ms, median {n} ms')] },
  'statement-pool': { needs: [], figures: [line('one at a time: first {n} ms, median {n} ms'), line('a round read in {n} ms')] },
  'business-submit': {
    needs: ['postgres'],
    figures: [rps('KYC submit (new)'), rps('business-detail (new)'), line('business-detail / KYC submit: {n}')],
  },
  'business-bundle': {
    needs: ['chromium'],
    figures: [line('business JS loaded by /application/business beyond the signed-in shell: {n} KB gzipped')],
  },
  'bre-load': {
    needs: ['postgres'],
    figures: [
      rps('GET /user/me (floor)'),
      rps('POST /bureau/bre (compute)'),
      rps('PATCH /bureau/bre (edit)'),
      rps('POST compute + Idempotency-Key'),
    ],
  },
  'kfs-render': {
    needs: ['chromium'],
    figures: [line('screen and KFS rendered\\): longest task {n} ms'), line('language switched .*: longest task {n} ms')],
  },
  'cluster-submit': {
    needs: ['postgres', 'haproxy'],
    figures: [
      rps('KYC submit, 1 API process'),
      rps('KYC submit, 2 API processes'),
      line('CPU ms per request: API {n}, PostgreSQL {n} \\({n} backends\\), HAProxy {n}, the load generator \\(this process\\) {n}'),
      line('2 processes / 1 process: {n}'),
    ],
  },
  'kyc-cpu': {
    needs: [],
    figures: [line('CPU {n} ms per submit .*median {n} ms, p99 {n} ms')],
  },
  'storage-upload': {
    needs: [],
    figures: [
      line('round 1 upload 150 KB, disk +p50 {n} ms  p99 {n} ms  \\({n} uploads, load average {n} {n} {n}\\)'),
      line('round 1 upload 150 KB, s3 +p50 {n} ms  p99 {n} ms'),
      line('s3 / disk: p50 {n} / {n} / {n}  p99 {n} / {n} / {n}'),
    ],
  },
  insights: {
    needs: ['postgres', 'chromium'],
    figures: [line('the branch, .* p95 +{n}'), line('the screen, .* interactive median {n} ms')],
  },
  'webhook-delivery': { needs: [], figures: [line('one at a time \\({n}\\): '), line('{n} committed at once: ')] },
  'observability-overhead': { needs: [], figures: [line('{n} scrapes of /metrics, {n} trace exports received')] },
  'backup-restore': {
    needs: ['postgres'],
    figures: [line('npm run backup: +min / median / max {n} / {n} / {n} s'), line('npm run restore: min / median / max {n} / {n} / {n} s')],
  },
  'aadhaar-front': {
    needs: [],
    figures: [
      line('one upload at a time \\({n}\\): first {n} ms, median {n} ms, p95 {n} ms'),
      line('at once \\({n} rounds\\): .*event-loop delay p50 {n} ms, p99 {n} ms, max {n} ms'),
    ],
  },
  'device-vault': {
    needs: ['chromium'],
    figures: [
      line('draft save.*: sealed {n} / {n} / {n} ms vs clear {n} / {n} / {n} ms, ratio {n} / {n} / {n}'),
      line('PBKDF2-SHA-256 x {n}: {n} ms'),
      line('unlock .*median {n} ms'),
      line(
        'outbox drain.*: sealed {n} / {n} / {n} ms vs clear {n} / {n} / {n} ms, ratio {n} / {n} / {n} \\(target <= 1.2x; load average {n} {n} {n}\\)',
      ),
      line('sealed for the server, run locked: {n} / {n} / {n} ms vs clear {n} / {n} / {n} ms, ratio {n} / {n} / {n}'),
    ],
  },
};

/** A short run of one bench under load is slow on two cores; a hang still ends here. */
const BENCH_TIMEOUT_MS = 300_000;

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

async function missing(): Promise<Set<Need>> {
  const absent = new Set<Need>();
  if (!existsSync(CHROMIUM_PATH)) absent.add('chromium');
  if (!(await answers(5432))) absent.add('postgres');
  if (!existsSync('/usr/sbin/haproxy')) absent.add('haproxy');
  return absent;
}

function runBench(name: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['bench/run.ts', name], { env: { ...process.env, BENCH_SHORT: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const absent = await missing();

describe('every bench, once in short mode', () => {
  it('this test knows every bench that bench/run.ts runs', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(BENCHES).sort());
  });

  for (const [name, { needs, figures }] of Object.entries(EXPECTED)) {
    const lacking = needs.filter((need) => absent.has(need));
    if (lacking.length) console.warn(`bench ${name}: skipped, no ${lacking.join(' or ')} on this machine`);
    it.skipIf(lacking.length > 0)(
      `${name} exits 0 and prints its figures`,
      async () => {
        const { code, output } = await runBench(name);
        const tail = output.split('\n').slice(-30).join('\n');
        expect(code, `${name} exited ${code}:\n${tail}`).toBe(0);
        for (const figure of figures) expect(output, `${name} printed no ${figure}:\n${tail}`).toMatch(figure);
      },
      BENCH_TIMEOUT_MS,
    );
  }
});
