// The Key Fact Statement of a 36-month schedule rendered in Chromium on a 4x-slowed CPU (CDP
// Emulation.setCPUThrottlingRate), in the built app: MOHAN LAL's unsecured loan of 5,00,000 in
// PD2_COMPLETE (score 768: 36 months), opened by the branch credit manager on the loan offer
// screen. The renderer's main-thread tasks are read from a CDP trace (devtools.timeline RunTask)
// for two moments: the screen opened a second time (its chunk already loaded: the offer's answer
// handled and the whole screen with the KFS rendered), and the KFS's language switched
// (English → Hindi: the 36 rows rendered again). Target: no task over 50 ms.
//
//   npx tsx bench/kfs-render.ts      (npm run bench -- kfs-render)
import { and, eq, sql } from 'drizzle-orm';
import type { CDPSession, Page } from 'playwright-core';
import { openPglite } from '../src/server/db/client';
import { applications } from '../src/server/db/schema';
import { LoginPage } from '../tests/e2e/pages/login.page';
import { launchPersistent } from '../tests/e2e/support/browser';
import { latestOtp } from '../tests/e2e/support/sms';
import { signInByApi, startServerProcess } from '../tests/support/server-process';
import { apiClient } from './application-fixture';

const THROTTLE = 4;
const TARGET_MS = 50;
/**
 * How long a step may take before the bench gives up (Playwright's default is 30 s): the screen
 * rendered at a quarter of the CPU, on two cores shared with other work (the short test runs
 * beside other processes), took longer than that. Every step awaits what it needs to see.
 */
const STEP_TIMEOUT_MS = 180_000;

type TraceEvent = { name: string; ph: string; dur?: number; ts: number; pid: number; tid: number; args?: { name?: string } };

/** Runs `work` under a devtools.timeline trace; answers the durations (ms) of the renderer main thread's tasks. */
async function mainThreadTasks(cdp: CDPSession, work: () => Promise<void>): Promise<number[]> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await work();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  // The page's renderer: the CrRendererMain thread with the most work in the trace.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (m: TraceEvent) => events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === m.pid && e.tid === m.tid);
  const busiest = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  if (process.env.BENCH_DEBUG)
    console.log(
      `  trace: ${events.length} events, ${mains.length} renderer main threads, names ${[...new Set(events.map((e) => e.name))].slice(0, 30).join(',')}`,
    );
  if (process.env.BENCH_DEBUG) {
    const longest = [...busiest].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
    if (longest)
      for (const e of events)
        if (
          e.pid === longest.pid &&
          e.tid === longest.tid &&
          e.ts >= longest.ts &&
          e.ts <= longest.ts + (longest.dur ?? 0) &&
          (e.dur ?? 0) > 3000
        )
          console.log(`    ${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${JSON.stringify(e.args ?? {}).slice(0, 160)}`);
  }
  return busiest.map((e) => (e.dur ?? 0) / 1000);
}

const summary = (tasks: number[]) => {
  const sorted = [...tasks].sort((a, b) => b - a);
  return `longest task ${sorted[0]?.toFixed(1) ?? '0'} ms (next ${sorted
    .slice(1, 4)
    .map((t) => t.toFixed(1))
    .join(', ')}), ${tasks.filter((t) => t > TARGET_MS).length} over ${TARGET_MS} ms, ${tasks.length} tasks`;
};

/** Opens the loan offer screen; `compute`: taps Compute offer (opening it decides nothing until then). */
async function openOffer(page: Page, id: string, { compute = false } = {}): Promise<void> {
  await page.evaluate((to) => {
    window.location.hash = to;
  }, `#/application/loan-offer?id=${id}`);
  if (compute) await page.getByRole('button', { name: 'Compute offer' }).click();
  await whole(page);
}

/** Waits until the statement is drawn whole: its parts come a frame each, and it is busy until the last. */
async function whole(page: Page): Promise<void> {
  await page.locator('[data-testid="kfs"]:not([aria-busy])').waitFor();
}

export async function benchKfsRender(): Promise<void> {
  let server = await startServerProcess({ quiet: true });
  const { context, close } = await launchPersistent({ width: 360, height: 740 });
  try {
    const api = apiClient(server.baseURL, await signInByApi(server.baseURL, '9000000001'));
    const { application_id: id } = (await api.ok('POST', '/api/dev/applications')) as { application_id: string };
    // MOHAN LAL's offer: sales 3,00,000 at 25% = 75,000 − 10,000 − 9,000 = 56,000 a month; 12 × 56,000 caps at 5,00,000.
    await server.stop({ keepData: true });
    const database = await openPglite({ dataDir: `${server.dataDir}/pglite` });
    const data = {
      name: 'MOHAN LAL',
      pan: 'DMLPL6643M',
      loan_type: 'UNSECURED_BUSINESS_LOAN',
      amount_requested: 500000,
      tenure_requested: 36,
      app_mfi_cpv_info: {
        business_place: {
          monthly_sales: 300000,
          gross_margin_percentage: 25,
          rent: 3000,
          salary: 4000,
          electricity_and_fuel: 1000,
          machinery_repairs: 500,
          transportation_and_petrol: 700,
          admin_operating_expenses: 300,
          others: 500,
        },
        residence: {
          house_rent: 2000,
          house_electricity_and_water: 800,
          food_expenses: 4000,
          education_expenses: 1000,
          medical_expenses: 500,
          insurance_premiums: 500,
          house_others: 200,
        },
      },
    };
    await database.db
      .update(applications)
      .set({ status: 'PD2_COMPLETE', data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb` })
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
    await database.close();
    server = await startServerProcess({ quiet: true, dataDir: server.dataDir });

    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await new LoginPage(page, server.baseURL).signIn('9000000002', (m) => latestOtp(server.baseURL, m));
    await page.getByRole('heading', { name: 'Applications' }).first().waitFor();
    await openOffer(page, id, { compute: true }); // first visit: the chunk loads, the offer is computed and stored
    const kfs = page.getByTestId('kfs');
    const rows = await kfs.getByRole('row').count();
    if (rows !== 2 + 37 + 36) throw new Error(`the statement drew ${rows} rows, not its 2 headers, 37 cash flows and 36 instalments`);
    const months = await kfs.locator('[data-fact="kfs.instalments"] dd').textContent();
    // The first Devanagari text of a page makes Chromium look up a font (fontconfig on Linux: a
    // one-time cost of the machine, not of the statement): shown once before the measurement.
    await kfs.getByLabel("Borrower's language").selectOption('hi');
    await kfs.getByRole('heading', { name: 'मुख्य तथ्य विवरण' }).waitFor();
    await kfs.getByLabel("Borrower's language").selectOption('en');
    await kfs.getByRole('heading', { name: 'Key Fact Statement' }).waitFor();
    await whole(page);
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    await page.getByRole('heading', { name: 'Applications' }).first().waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const open = await mainThreadTasks(cdp, () => openOffer(page, id));
    const toHindi = await mainThreadTasks(cdp, async () => {
      await kfs.getByLabel("Borrower's language").selectOption('hi');
      await kfs.getByRole('heading', { name: 'मुख्य तथ्य विवरण' }).waitFor();
      await whole(page);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.log(
      `\nkfs-render: ${months} instalments (${rows} table rows: headers, cash flows, instalments), CPU throttled ${THROTTLE}x, 360 px`,
    );
    console.log(`  loan offer screen opened (answer handled, screen and KFS rendered): ${summary(open)}`);
    console.log(`  KFS language switched (every part drawn again): ${summary(toHindi)}`);
    const worst = Math.max(...open, ...toHindi);
    console.log(
      `  target: no main-thread task over ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'} (longest ${worst.toFixed(1)} ms)`,
    );
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchKfsRender();
