import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain';
import { DEFAULT_CONFIG } from '../../src/server/config';
import { createDocumentPool } from '../../src/server/documents/document-pool';
import { IDENTITY_FAILED, unreadable } from '../../src/server/modules/banking/statement-identity.service';
import { createSandboxStatementReader } from '../../src/server/providers/banking/sandbox-statement-reader.provider';
import type { StatementReader } from '../../src/server/documents/readers/statement-reader';
import {
  brokenXref,
  decompressionBomb,
  deeplyNested,
  hugeJpeg,
  hugePng,
  manyPages,
  recursiveXObjects,
} from '../../scripts/make-hostile-documents.mjs';
import { officerWithApplication } from './applications-fixtures';
import { call, hostOf, post } from './helpers/http';
import { multipart } from './helpers/multipart';
import { useTestApp } from './helpers/test-app';
import { statementBytes, upload } from './statement-fixtures';

// The hostile corpus (scripts/make-hostile-documents.mjs) through the real routes: each document is
// read in the document pool's workers and refused within its budget, and the API keeps answering
// while they are read. Without the pool, the recursive one alone held the event loop for minutes.

const BUDGET_MS = 2000;
// A worker ended for its document is replaced, and the replacement loads pdf.js again before it
// starts the next one (about a second; far more on a machine shared by many processes). That
// load is not charged to a document's budget, but it is part of the time a request waits.
const START_UP_MS = 20_000;
const ctx = useTestApp({ config: { documentBudgetMs: BUDGET_MS } });
const IDENTITY = '/banking/v1/identity';
beforeAll(() => ctx.documents.warm(), 120_000);

const TOO_COMPLEX = MSG.documentTooComplex;
const HOSTILE: [string, () => Buffer, string[]][] = [
  ['recursive XObjects (10^12 drawings)', recursiveXObjects, [TOO_COMPLEX]],
  ['a Flate stream inflating to 2 GB', () => decompressionBomb(2), [TOO_COMPLEX]],
  ['arrays nested 100,000 deep', () => deeplyNested(), [TOO_COMPLEX, unreadable(IDENTITY_FAILED, 'damaged')]],
  ['10,000 pages', () => manyPages(), [TOO_COMPLEX, unreadable(IDENTITY_FAILED, 'tooLong')]],
  [
    'a broken cross-reference table',
    brokenXref,
    [TOO_COMPLEX, unreadable(IDENTITY_FAILED, 'damaged'), unreadable(IDENTITY_FAILED, 'layoutUnknown')],
  ],
];

async function uploadAll(docs: Buffer[]) {
  const { token, id } = await officerWithApplication(ctx.app);
  const ids: string[] = [];
  for (const bytes of docs) ids.push(await upload(ctx.app, token, id, bytes));
  return { token, id, ids };
}

const identity = (token: string, id: string, fileIds: string[]) =>
  post(ctx.app, IDENTITY, { bank_name: 'HDFC Bank', application_id: id, files: fileIds.map((file_id) => ({ file_id })) }, { token });

describe('hostile statements', () => {
  it.each(HOSTILE)('%s: refused with 422 within its budget', { timeout: 120_000 }, async (_name, make, messages) => {
    const { token, id, ids } = await uploadAll([make()]);
    await ctx.documents.warm();
    const t0 = performance.now();
    const res = await identity(token, id, ids);
    const ms = performance.now() - t0;
    expect(res.status, res.body.message).toBe(422);
    expect(messages).toContain(res.body.message);
    expect(ms).toBeLessThan(BUDGET_MS + START_UP_MS);
  });

  it('while five are read at once, the health check answers within 200 ms', { timeout: 240_000 }, async () => {
    const { token, id, ids } = await uploadAll(HOSTILE.map(([, make]) => make()));
    await ctx.documents.warm();
    let settled = false;
    const reads = Promise.all(ids.map((fileId) => identity(token, id, [fileId]))).finally(() => (settled = true));
    const latencies: number[] = [];
    while (!settled && latencies.length < 5000) {
      const t0 = performance.now();
      const health = await call(ctx.app, 'GET', '/api/health');
      latencies.push(performance.now() - t0);
      expect(health.status).toBe(200);
      // A probe every 20 ms, as a load balancer's check would come, for as long as the reads last.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await reads;
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422]);
    expect(latencies.length).toBeGreaterThan(10);
    expect(Math.max(...latencies)).toBeLessThan(200);
  });

  it('the same file named twice in one request is read once', { timeout: 60_000 }, async () => {
    let reads = 0;
    const sandbox = createSandboxStatementReader(ctx.documents);
    const counting: StatementReader = { read: (...args) => (reads++, sandbox.read(...args)) };
    await ctx.rebuild({ providers: { statementReader: counting } });
    const { token, id, ids } = await uploadAll([statementBytes('ramesh-yadav-hdfc.pdf')]);
    const res = await identity(token, id, [ids[0]!, ids[0]!, ids[0]!]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.results.map((r: { identity_data: { name: string } }) => r.identity_data.name)).toEqual([
      'RAMESH YADAV',
      'RAMESH YADAV',
      'RAMESH YADAV',
    ]);
    expect(reads).toBe(1);
  });
});

describe('the document pool', () => {
  it(
    "one tenant's documents cannot hold every worker: more than it may queue are refused, another tenant is read meanwhile",
    { timeout: 120_000 },
    async () => {
      const pool = createDocumentPool({ ...DEFAULT_CONFIG, documentBudgetMs: 10_000, documentThreads: 2, documentsPerTenant: 1 });
      try {
        await pool.warm();
        const hostile = recursiveXObjects();
        let firstSettled = false;
        // One running and four waiting: the tenant's share.
        const held = Array.from({ length: 5 }, () => pool.readStatement('a', hostile, null));
        void held[0]!.finally(() => (firstSettled = true));
        expect(await pool.readStatement('a', hostile, null)).toEqual({ ok: false, problem: 'busy' });
        const other = await pool.readStatement('b', statementBytes('ramesh-yadav-hdfc.pdf'), null);
        expect(other.ok && other.statement.identity.name).toBe('RAMESH YADAV');
        expect(firstSettled).toBe(false);
        await pool.close();
        expect((await Promise.all(held)).map((r) => r.ok)).toEqual([false, false, false, false, false]);
      } finally {
        await pool.close();
      }
    },
  );
});

describe('hostile images', () => {
  const photo = async (bytes: Buffer, filename: string) => {
    const { token, id } = await officerWithApplication(ctx.app);
    const { payload, headers } = multipart({ application_id: id, file_type: 'BORROWER_PHOTO' }, [{ field: 'file', filename, bytes }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/apply-loan/upload-file',
      payload,
      headers: { ...headers, host: hostOf(), token },
    });
    return { status: res.statusCode, message: res.json().message as string };
  };

  it.each([
    ['a PNG claiming 100,000 × 100,000 pixels', () => hugePng(100_000, 100_000), 'huge.png'],
    ['a JPEG claiming 65,535 × 65,535 pixels (the most a JPEG can state)', () => hugeJpeg(65_535, 65_535), 'huge.jpg'],
    ['a PNG of 8,000 × 5,001 pixels (just over 40 megapixels)', () => hugePng(8000, 5001), 'big.png'],
  ])('%s is refused with 422 and the reason', async (_name, make, filename) => {
    expect(await photo(make(), filename)).toEqual({ status: 422, message: MSG.imageTooManyPixels });
  });

  it('a photo of 40 megapixels or fewer is stored', async () => {
    expect((await photo(hugePng(8000, 5000), 'ok.png')).status).toBe(200);
    expect((await photo(hugeJpeg(4000, 3000), 'ok.jpg')).status).toBe(200);
  });
});
