import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarDateOf, formatDisplayDate } from '../../src/domain';
import { BASE, LAKSHMI, officerWithApplication, otherOfficer, withBorrowerStep } from './applications-fixtures';
import { KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { call, hostOf, post } from './helpers/http';
import { PNG } from './helpers/multipart';
import { useTestApp } from './helpers/test-app';
import { unconfiguredProviders } from '../../src/server/providers/unconfigured.provider';
import { expectedMonths, fixture, FIXTURES, statementBytes, upload } from './statement-fixtures';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

// The banking sandbox reads the fixture statements for real (pdf.js): the identity of each, the
// clear refusals of what it cannot read, and the CAM workbook's figures against the fixture's
// known transactions (tests/fixtures/statements/statements.json).

const ctx = useTestApp();
// The workers load pdf.js once for the file, as the server's do after listen (main.ts).
beforeAll(() => ctx.documents.warm(), 120_000);
const IDENTITY = '/banking/v1/identity';
const CAM = '/api/v1/banking/bank-statement-info';

describe('POST /banking/v1/identity', () => {
  it.each(FIXTURES.map((f) => [f.file, f] as const))('%s: the identity in the PDF', async (_file, f) => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes(f.file));
    const res = await post(
      ctx.app,
      IDENTITY,
      { bank_name: f.identity.bank_name, files: [{ file_id: fileId, password: f.password ?? '' }], application_id: id },
      { token },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({
      file_id: fileId,
      identity_data: f.identity,
      transactions: f.transactions.length,
      period: { from: f.period_from, to: f.period_to },
    });
  });

  it('without an application: a statement the caller uploaded; the name is not matched', async () => {
    const token = await login(ctx.app, RAVI);
    const fileId = await upload(ctx.app, token, undefined, statementBytes('ramesh-yadav-hdfc.pdf'));
    const res = await post(ctx.app, IDENTITY, { bank_name: 'HDFC Bank', files: [{ file_id: fileId }] }, { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.results[0].identity_data.name).toBe('RAMESH YADAV');
    expect(res.body.data.results[0].name_match).toBeNull();
    // Someone else's unattached upload does not exist for another officer.
    expect(
      (
        await post(
          ctx.app,
          IDENTITY,
          { bank_name: 'HDFC Bank', files: [{ file_id: fileId }] },
          { token: await otherOfficer(ctx.app, ctx.db) },
        )
      ).status,
    ).toBe(404);
  });

  it("matches the statement's name with the borrower's and keeps the read on the application", async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const sbi = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'));
    const bob = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-bob-protected.pdf'));
    const res = await post(
      ctx.app,
      IDENTITY,
      { bank_name: 'State Bank of India', files: [{ file_id: sbi }, { file_id: bob, password: 'LAKS1204' }], application_id: id },
      { token },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(
      res.body.data.results.map((r: { identity_data: { bank_name: string }; name_match: { is_match: boolean } }) => [
        r.identity_data.bank_name,
        r.name_match.is_match,
      ]),
    ).toEqual([
      ['State Bank of India', true],
      ['Bank of Baroda', true],
    ]);
    const view = await call(ctx.app, 'GET', `${BASE}/${id}`, undefined, { token });
    expect(view.status).toBe(200);
  });

  it.each([
    ['lakshmi-devi-bob-protected.pdf', undefined, 'Identity verification failed: the statement is password protected: enter its password.'],
    ['lakshmi-devi-bob-protected.pdf', 'LAKS0000', 'Identity verification failed: the statement password is wrong.'],
    [
      'scanned-no-text.pdf',
      undefined,
      'Identity verification failed: the statement has no text (a scanned copy): upload the PDF downloaded from the bank.',
    ],
    ['corrupt.pdf', undefined, 'Identity verification failed: the PDF is damaged and cannot be read.'],
  ])('%s with password %j: 422 %s', async (file, password, message) => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes(file));
    const res = await post(
      ctx.app,
      IDENTITY,
      { bank_name: 'Bank of Baroda', files: [{ file_id: fileId, ...(password ? { password } : {}) }], application_id: id },
      { token },
    );
    expect([res.status, res.body.message]).toEqual([422, message]);
  });

  it('a file that is not a PDF (an image upload): 422 with the reason, never a 500', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const image = await upload(ctx.app, token, id, PNG, 'BANK_STATEMENT', 'statement.png');
    const res = await post(ctx.app, IDENTITY, { bank_name: 'SBI', files: [{ file_id: image }], application_id: id }, { token });
    expect([res.status, res.body.message]).toEqual([422, 'Identity verification failed: the file is not a PDF.']);
  });

  it('refuses: no token 401, an agent 403, another officer 404, an unknown file 400, no files 400', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'));
    const body = { bank_name: 'SBI', files: [{ file_id: fileId }], application_id: id };
    expect((await post(ctx.app, IDENTITY, body)).status).toBe(401);
    expect((await post(ctx.app, IDENTITY, body, { token: await login(ctx.app, KAVITA) })).status).toBe(403);
    expect((await post(ctx.app, IDENTITY, body, { token: await otherOfficer(ctx.app, ctx.db) })).status).toBe(404);
    const unknown = await post(ctx.app, IDENTITY, { ...body, files: [{ file_id: 'a'.repeat(32) }] }, { token });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Invalid file: files is not an upload of this application']);
    const none = await post(ctx.app, IDENTITY, { ...body, files: [] }, { token });
    expect([none.status, none.body.message]).toEqual([400, 'files must list at least one statement']);
  });

  it('production without a statement reader: 503', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'));
    await ctx.rebuild({ providers: { statementReader: unconfiguredProviders.statementReader } });
    const res = await post(ctx.app, IDENTITY, { bank_name: 'SBI', files: [{ file_id: fileId }], application_id: id }, { token });
    expect(res.status).toBe(503);
  });
});

async function downloadWorkbook(url: string, fileName: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { host: hostOf() } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

describe('POST /api/v1/banking/bank-statement-info (CAM)', () => {
  it.each(['lakshmi-devi-sbi.pdf', 'lakshmi-devi-bob-protected.pdf', 'ramesh-yadav-hdfc.pdf'])(
    "%s: a real .xlsx whose figures are the fixture's",
    async (file) => {
      const f = fixture(file);
      const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
      const fileId = await upload(ctx.app, token, id, statementBytes(file));
      const code = f.identity.ifsc.slice(0, 4);
      const res = await post(ctx.app, CAM, { bank_name: code, password: f.password ?? '', file_id: fileId, mfi_app_id: id }, { token });
      expect(res.status, res.body.message).toBe(200);
      const months = expectedMonths(f);
      expect(res.body.data.months).toEqual(months);
      const credits = f.transactions.reduce((s, t) => s + t.credit, 0);
      const debits = f.transactions.reduce((s, t) => s + t.debit, 0);
      expect(res.body.data.totals.credits).toBeCloseTo(credits, 2);
      expect(res.body.data.totals.debits).toBeCloseTo(debits, 2);
      expect(res.body.data.totals.bounces).toBe(f.transactions.filter((t) => t.description.includes('RETURN')).length);
      expect(res.body.data.download_url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\?expires=\d+&sid=[0-9a-f-]{36}&sig=[A-Za-z0-9-]+\./);

      // Issue 21 D11: named for the borrower, the bank and the day (DD-MM-YYYY, India), not a hex id.
      const day = formatDisplayDate(calendarDateOf(new Date(ctx.app.clock.now())));
      expect(res.body.data.file_name).toBe(`CAM-LAKSHMI-DEVI-${code}-${day}.xlsx`);
      const book = await downloadWorkbook(res.body.data.download_url, res.body.data.file_name);
      expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Monthly', 'Largest credits', 'Transactions']);
      expect(rowsOf(book.getWorksheet('Monthly')!)).toEqual(
        months.map((m) => [m.month, m.credits, m.credit_count, m.debits, m.debit_count, m.average_balance, m.closing_balance, m.bounces]),
      );
      const largest = [...f.transactions]
        .filter((t) => t.credit > 0)
        .sort((a, b) => b.credit - a.credit || a.date.localeCompare(b.date))
        .slice(0, 10);
      expect(rowsOf(book.getWorksheet('Largest credits')!)).toEqual(largest.map((t) => [t.date, t.description, t.credit]));
      expect(rowsOf(book.getWorksheet('Transactions')!)).toHaveLength(f.transactions.length);
      const summary = rowsOf(book.getWorksheet('Summary')!);
      expect(summary).toContainEqual(['Account number', f.identity.account_number]);
      expect(summary).toContainEqual(['Borrower', 'LAKSHMI DEVI']);
    },
  );

  it('the CAM is a file of the application, listed with its files; a reviewer may make one too', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'));
    const res = await post(ctx.app, CAM, { bank_name: 'SBIN', file_id: fileId, mfi_app_id: id }, { token: await login(ctx.app, MEENA) });
    expect(res.status, res.body.message).toBe(200);
    const listed = await call(ctx.app, 'GET', `${BASE}/${id}/files`, undefined, { token });
    expect(JSON.stringify(listed.body.data)).toContain(res.body.data.file_id);
  });

  it('refuses: an unknown bank code 400, a wrong password 422, no token 401, another officer 404, an agent 403', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-bob-protected.pdf'));
    const body = { bank_name: 'BARB', password: 'LAKS1204', file_id: fileId, mfi_app_id: id };
    const unknownBank = await post(ctx.app, CAM, { ...body, bank_name: 'ZZZZ' }, { token });
    expect([unknownBank.status, unknownBank.body.message]).toEqual([400, 'Bank code not found']);
    const wrong = await post(ctx.app, CAM, { ...body, password: 'nope' }, { token });
    expect([wrong.status, wrong.body.message]).toEqual([422, 'CAM processing failed: the statement password is wrong.']);
    expect((await post(ctx.app, CAM, body)).status).toBe(401);
    expect((await post(ctx.app, CAM, body, { token: await otherOfficer(ctx.app, ctx.db) })).status).toBe(404);
    expect((await post(ctx.app, CAM, body, { token: await login(ctx.app, KAVITA) })).status).toBe(403);
    const badId = await post(ctx.app, CAM, { ...body, mfi_app_id: 'x' }, { token });
    expect([badId.status, badId.body.message]).toEqual([400, 'Invalid mfi_app_id']);
  });

  it('an Idempotency-Key replay answers the same link and makes no second workbook', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'));
    const headers = { 'idempotency-key': 'cam-1' };
    const first = await call(ctx.app, 'POST', CAM, { bank_name: 'SBIN', file_id: fileId, mfi_app_id: id }, { token, headers });
    const replay = await call(ctx.app, 'POST', CAM, { bank_name: 'SBIN', file_id: fileId, mfi_app_id: id }, { token, headers });
    expect(replay.raw.body).toBe(minimalReplayBody(first.raw.body));
    const listed = await call(ctx.app, 'GET', `${BASE}/${id}/files`, undefined, { token });
    expect((listed.body.data as unknown[]).length).toBe(2);
  });
});
