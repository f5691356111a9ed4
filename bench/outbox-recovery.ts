// Recovery from lost answers: 16 items (3 applications created by a JSON POST, 13 photo uploads
// of 300 KB that name their application by `{"$app"}`) queued in the browser's real IndexedDB
// and drained by the app's sync engine and runtime against the real server, while 6 answers
// (2 creates, 4 uploads) are lost AFTER the server applied them: the request goes through
// (Playwright's route.fetch), then the connection is reset before the page sees the answer.
// Prints the seconds until the outbox is empty (target <= 12 s) and the duplicates the server
// holds (target 0), counted in its database once it has stopped.
//
//   npm run bench -- outbox-recovery      or      npx tsx bench/outbox-recovery.ts
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { openPglite } from '../src/server/db/client';
import { signInByApi } from '../tests/support/server-process';
import { openBenchPage } from './browser-page';

const RO = '9000000001';
/** Queue positions whose first answer is lost: creates 1 and 2, and four uploads. */
const DROP_AT = [0, 3, 6, 9, 12, 15];
const EXPECTED = { applications: 3, files: 13 };

type DrainRun = {
  ms: number;
  ended: 'empty' | 'parked' | 'stalled' | 'cap';
  left: number;
  leftEntries: unknown[];
  drains: unknown[];
  serverIds: (string | null)[];
  uploaded: number;
};
type BenchWindow = {
  benchRecoveryQueue: () => Promise<string[]>;
  benchRecoveryDrain: (token: string) => Promise<DrainRun>;
};

/** Lets each chosen request reach the server and be answered there, then resets the connection. */
async function dropAnswers(page: Page, keys: Set<string>): Promise<string[]> {
  const dropped: string[] = [];
  await page.route('**/api/**', async (route) => {
    const key = route.request().headers()['idempotency-key'];
    if (!key || !keys.delete(key)) return route.continue();
    // No deadline of Playwright's own (30 s by default): on a loaded machine an upload took longer,
    // the handler threw, and the page's request hung until the app's own deadline. The app's
    // deadline is the one that counts; the answer is lost either way.
    const response = await route.fetch({ timeout: 0 }).catch((error: unknown) => error as Error);
    if (response instanceof Error) {
      dropped.push(`${new URL(route.request().url()).pathname} (no answer: ${response.message.split('\n')[0]})`);
      return route.abort('connectionreset');
    }
    await response.body();
    dropped.push(`${new URL(route.request().url()).pathname} ${response.status()}`);
    await route.abort('connectionreset');
  });
  return dropped;
}

async function countOnServer(
  dataDir: string,
  serverIds: string[],
): Promise<{ applications: number; files: number; filesOfOthers: number }> {
  const database = await openPglite({ dataDir: `${dataDir}/pglite` });
  try {
    const one = async (query: ReturnType<typeof sql>) =>
      Number(((await database.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
    const officer = sql`(select id from users where mobile = ${RO})`;
    return {
      applications: await one(sql`select count(*) as n from applications where created_by in ${officer}`),
      files: await one(sql`select count(*) as n from files where application_id in ${serverIds}`),
      filesOfOthers: await one(sql`select count(*) as n from files where application_id is null or application_id not in ${serverIds}`),
    };
  } finally {
    await database.close();
  }
}

export async function benchOutboxRecovery(): Promise<void> {
  const { page, server, close } = await openBenchPage();
  try {
    const token = await signInByApi(server.baseURL, RO);
    const keys = await page.evaluate(() => (window as unknown as BenchWindow).benchRecoveryQueue());
    const toDrop = new Set(DROP_AT.map((i) => keys[i]!));
    const dropped = await dropAnswers(page, toDrop);
    const run = await page.evaluate((t) => (window as unknown as BenchWindow).benchRecoveryDrain(t), token);
    await page.unrouteAll({ behavior: 'wait' });

    await server.stop({ keepData: true });
    const serverIds = run.serverIds.filter((id): id is string => id !== null);
    const held = await countOnServer(server.dataDir, serverIds);
    const duplicates = held.applications - EXPECTED.applications + (held.files - EXPECTED.files) + held.filesOfOthers;

    // As outbox-drain: a recovery that leaves items on the phone has no figure to give.
    if (run.left > 0)
      throw new Error(
        `outbox-recovery: ${run.left} items left on the phone after ${run.drains.length} drains in ${(run.ms / 1000).toFixed(0)} s (${run.ended}); ` +
          `the server holds ${held.applications} applications and ${held.files} files (+${held.filesOfOthers} others); ` +
          `left: ${JSON.stringify(run.leftEntries)}; drains: ${JSON.stringify(run.drains)}`,
      );
    console.log(
      `outbox recovery: ${keys.length} items (${EXPECTED.applications} JSON creates, ${EXPECTED.files} uploads of 300 KB), ${dropped.length} answers lost after the server applied them: ${dropped.join(', ')}`,
    );
    console.log(
      `outbox recovery: drained in ${(run.ms / 1000).toFixed(2)} s (target <= 12 s) over ${run.drains.length} drains; ${run.left} left on the phone, ${run.uploaded} files marked uploaded`,
    );
    console.log(
      `outbox recovery: the server holds ${held.applications} applications and ${held.files} files of them (+${held.filesOfOthers} others): ${duplicates} duplicates (target 0)`,
    );
    if (process.env.BENCH_VERBOSE) for (const drain of run.drains) console.log(`  ${JSON.stringify(drain)}`);
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchOutboxRecovery();
