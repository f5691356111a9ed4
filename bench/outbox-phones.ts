// Simulated phones with the outbox's semantics, for the cluster's rolling restart and failover
// (scripts/cluster.ts --rolling, --ha): each phone sends its queue one item at a time, each item a
// KYC submit with an Idempotency-Key of its own, and retries the same item, with the same key and
// body, after any answer outside 2xx or a connection error, waiting as the app's outbox does
// (src/app/sync/backoff.ts). Every request is counted by its answer: a failed try counts as failed
// even when a retry of its item later succeeds. Afterwards, exactlyOnce() looks for every
// acknowledged submission in the database: one KYC version each, no more, no less.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { backoffDelayMs } from '../src/app/sync/backoff';
import { REQUEST_TIMEOUT_MS } from '../src/app/api/http-rules';
import { createVerifiedApplication } from './application-fixture';
import { kycBody, RO, seed } from './application-submit';
import { validBody } from './http-load';
import { openPostgres } from '../src/server/db/client';
import { signInByApi } from '../tests/support/server-process';

/** One submission: `mark` is the value that finds it in the database (the KYC's guardian name, unique per item). */
export type Item = { method: string; path: string; body: string; key: string; mark: string };

export type PhonesRun = {
  /** Answers by status; `error` for a connection error or a timeout (no answer). */
  answers: Map<number | 'error', number>;
  requests: number;
  /** Requests answered outside 2xx or not at all; retries of one item each count. */
  failed: number;
  /** Items that needed more than one try. */
  retriedItems: number;
  acknowledged: Item[];
  /** Items a phone still held, unacknowledged, when the run (and its drain) ended. */
  unsent: number;
  /** Since the run's start, in ms: the first failed request's end, the last one's, the first 2xx after the first failure. */
  firstFailureMs?: number;
  lastFailureMs?: number;
  firstSuccessAfterFailureMs?: number;
  seconds: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function send(agent: Agent, port: number, token: string, item: Item): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const r = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: item.method,
        path: item.path,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(item.body), 'idempotency-key': item.key },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', reject);
    r.end(item.body);
  });
}

/**
 * `phones` phones for `seconds` (and until `until` settles), each with its own keep-alive
 * connection, sending its next item as soon as the last was acknowledged. After that each phone
 * finishes the item it holds (retrying it for up to `drainSeconds`), as an outbox would.
 */
export async function runPhones(options: {
  port: number;
  token: string;
  phones: number;
  seconds: number;
  next: () => Item;
  drainSeconds?: number;
  /** The load goes on past `seconds` until this settles (a rolling restart slower than the load). */
  until?: Promise<unknown>;
}): Promise<PhonesRun> {
  const run: PhonesRun = { answers: new Map(), requests: 0, failed: 0, retriedItems: 0, acknowledged: [], unsent: 0, seconds: 0 };
  const started = performance.now();
  let deadline = started + options.seconds * 1000;
  let waiting = options.until !== undefined;
  const stopWaiting = () => {
    waiting = false;
    deadline = Math.max(deadline, performance.now());
  };
  options.until?.then(stopWaiting, stopWaiting);
  const drainAfterMs = (options.drainSeconds ?? 60) * 1000;
  const count = (answer: number | 'error') => run.answers.set(answer, (run.answers.get(answer) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: options.phones }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (waiting || performance.now() < deadline) {
        const item = options.next();
        for (let attempt = 1; ; attempt++) {
          const answer = await send(agent, options.port, options.token, item).catch(() => undefined);
          const at = performance.now() - started;
          run.requests += 1;
          count(answer?.status ?? 'error');
          if (answer && answer.status >= 200 && answer.status < 300 && validBody(answer.body)) {
            run.acknowledged.push(item);
            if (run.firstFailureMs !== undefined) run.firstSuccessAfterFailureMs ??= at;
            if (attempt > 1) run.retriedItems += 1;
            break;
          }
          run.failed += 1;
          run.firstFailureMs ??= at;
          run.lastFailureMs = at;
          const wait = backoffDelayMs(attempt);
          if (!waiting && performance.now() + wait > deadline + drainAfterMs) {
            run.unsent += 1;
            break;
          }
          await sleep(wait);
        }
      }
      agent.destroy();
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

export type PhonesFigures = { failed: number; lost: number; duplicated: number };

/** Prints the run's counts and checks every acknowledged submission against the database. */
export async function reportPhones(label: string, run: PhonesRun, databaseUrl: string): Promise<PhonesFigures> {
  const answers = [...run.answers]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  const { lost, duplicated } = await exactlyOnce(databaseUrl, run.acknowledged);
  console.log(`${label}: ${run.requests} requests in ${run.seconds.toFixed(1)} s; answers ${answers}`);
  console.log(
    `  failed requests ${run.failed} (answered outside 2xx or not at all; each retry counted); items retried ${run.retriedItems}; items unsent at the end ${run.unsent}`,
  );
  console.log(
    `  acknowledged submissions ${run.acknowledged.length}: in the database exactly once ${run.acknowledged.length - lost - duplicated}, lost ${lost}, duplicated ${duplicated}`,
  );
  return { failed: run.failed, lost, duplicated };
}

/** Each acknowledged KYC submit is one version of its application's KYC record, found by its mark. */
export async function exactlyOnce(databaseUrl: string, acknowledged: Item[]): Promise<{ lost: number; duplicated: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ mark: string; n: number }>(
      `select values->>'guardian_name' as mark, count(*)::int as n from record_versions
       where record_key = 'kyc' and values->>'guardian_name' = any($1::text[]) group by 1`,
      [acknowledged.map((item) => item.mark)],
    );
    const found = new Map(rows.map((r) => [r.mark, r.n]));
    let lost = 0;
    let duplicated = 0;
    for (const item of acknowledged) {
      const n = found.get(item.mark) ?? 0;
      if (n === 0) lost += 1;
      if (n > 1) duplicated += 1;
    }
    return { lost, duplicated };
  } finally {
    await client.end();
  }
}

/**
 * A cluster ready for the KYC submit load: the RO signed in (on a node directly: the dev SMS
 * outbox answers loopback callers only), a verified application cloned into thousands, quotas
 * lifted. `next()` gives the next submit, each to the next application, each with a unique mark.
 */
export async function prepareKycSubmits(nodeUrl: string, databaseUrl: string): Promise<{ token: string; next: () => Item }> {
  const token = await signInByApi(nodeUrl, RO);
  const { applicationId, fileIds } = await createVerifiedApplication(nodeUrl, token);
  const database = openPostgres(databaseUrl, { max: 2 });
  const ids = await seed(database, applicationId);
  await database.close();
  let n = 0;
  const next = (): Item => {
    const i = n++;
    return {
      method: 'PATCH',
      path: `/api/v1/app/mfi/${ids[i % ids.length]}/basic-info`,
      key: randomUUID(),
      body: kycBody(i, fileIds),
      mark: `RAMESH YADAV ${i}`,
    };
  };
  return { token, next };
}
