// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStatementIdentity, requestCam } from '../../../../src/app/api/banking.api';
import { getDb } from '../../../../src/app/db/db';
import { READ_SETTLE_MS, StatementChecks } from '../../../../src/app/features/business/statement-checks';
import { setGuestToken } from '../../../../src/app/session/session.storage';
import { setOnline } from '../test-utils';

vi.mock('../../../../src/app/api/banking.api', () => ({ readStatementIdentity: vi.fn(), requestCam: vi.fn() }));

const APP = 'a'.repeat(32);
const FILE = 'f'.repeat(32);
const SLOW = { timeout: 5000 };
const props = {
  applicationLocalId: 'local-app-1',
  serverId: APP,
  bankName: 'Bank of Baroda',
  bankCode: 'BARB',
  password: 'LAKS1204',
  fileIds: [FILE],
  pending: false,
  idBase: 'stmt',
};
const IDENTITY = {
  name: 'LAKSHMI DEVI',
  account_number: '2345678901',
  account_type: 'SAVINGS',
  ifsc: 'BARB0NASHIK',
  bank_name: 'Bank of Baroda',
};

/** Past the settle delay, on fake timers: a read that was due has been sent (synchronously) by now. */
const pastReadSettle = () => act(() => vi.advanceTimersByTime(READ_SETTLE_MS + 300));

describe('the statements of a bank, read on the server (issue 11)', () => {
  beforeEach(() => {
    vi.mocked(readStatementIdentity).mockReset();
    vi.mocked(requestCam).mockReset();
    setOnline(true);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('a borrower in the public flow (guest) reads nothing and makes no CAM (staff routes): the branch will read it, said in words', async () => {
    setGuestToken('guest-1');
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      render(<StatementChecks {...props} />);
      expect(screen.getByText('Your statement is saved with your application. The branch will read it.')).toBeTruthy();
      pastReadSettle(); // a staff screen would have read by now
      expect(readStatementIdentity).not.toHaveBeenCalled();
      expect(screen.queryByRole('button', { name: 'Generate CAM' })).toBeNull();
    } finally {
      localStorage.clear();
    }
  });

  it('online: reads the identity with the password once the statements are on the server, and shows it', async () => {
    vi.mocked(readStatementIdentity).mockResolvedValue({
      success: true,
      message: '',
      data: { bank_name: 'Bank of Baroda', results: [{ file_id: FILE, identity_data: IDENTITY }] },
    } as never);
    render(<StatementChecks {...props} />);
    expect(
      await screen.findByText(
        'Read from the statement: LAKSHMI DEVI, account 2345678901, IFSC BARB0NASHIK, Bank of Baroda, SAVINGS',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(readStatementIdentity).toHaveBeenCalledTimes(1);
    expect(readStatementIdentity).toHaveBeenCalledWith({
      bank_name: 'Bank of Baroda',
      files: [{ file_id: FILE, password: 'LAKS1204' }],
      application_id: APP,
    });
    // Kept on the phone for the bank account step, which offers it to fill in (issue 21 D10).
    await waitFor(async () => expect((await getDb().statementIdentities.get('local-app-1'))?.identities).toEqual([IDENTITY]), SLOW);
  });

  it("a statement the server cannot read: 'Identity verification failed' with the server's reason", async () => {
    vi.mocked(readStatementIdentity).mockResolvedValue({
      success: false,
      message: 'Identity verification failed: the statement password is wrong.',
      status_code: 422,
    } as never);
    render(<StatementChecks {...props} />);
    expect(await screen.findByText(/Identity verification failed: the statement password is wrong\./, undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read again' })).toBeTruthy();
  });

  it("Generate CAM says it is working, then downloads the workbook under the server's name in the page (no tab); without a link it says 'CAM processing failed or no download URL'", async () => {
    vi.mocked(readStatementIdentity).mockResolvedValue({
      success: true,
      message: '',
      data: { bank_name: 'Bank of Baroda', results: [] },
    } as never);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    // What each link clicked would save: its address and the file name it asks for.
    const saved: { href: string | null; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href'), download: this.download });
    });
    let answer: (value: unknown) => void = () => {};
    vi.mocked(requestCam).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
    const user = userEvent.setup();
    render(<StatementChecks {...props} />);
    await user.click(screen.getByRole('button', { name: 'Generate CAM' }));
    // Issue 21 D11: the page says what is happening while the server makes the workbook.
    expect(
      await screen.findByText('Reading the statement and making the CAM workbook. This takes up to a minute: stay on this page.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generating CAM…' })).toBeTruthy();
    answer({
      success: true,
      message: '',
      data: { download_url: '/api/v1/files/cam/signed', file_name: 'CAM-LAKSHMI-DEVI-BARB-26-11-2026.xlsx' },
    });
    expect(await screen.findByText('CAM downloaded: CAM-LAKSHMI-DEVI-BARB-26-11-2026.xlsx', undefined, SLOW)).toBeTruthy();
    expect(saved).toEqual([{ href: '/api/v1/files/cam/signed', download: 'CAM-LAKSHMI-DEVI-BARB-26-11-2026.xlsx' }]);
    expect(open).not.toHaveBeenCalled();
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.queryByText(/This takes up to a minute/)).toBeNull();
    expect(requestCam).toHaveBeenCalledWith({ bank_name: 'BARB', file_id: FILE, mfi_app_id: APP, password: 'LAKS1204' });
    vi.mocked(requestCam).mockResolvedValueOnce({ success: true, message: '', data: {} } as never);
    await user.click(screen.getByRole('button', { name: 'Generate CAM' }));
    expect(await screen.findByText('CAM processing failed or no download URL', undefined, SLOW)).toBeTruthy();
    open.mockRestore();
    click.mockRestore();
  });

  it('offline: "Needs connection", Generate CAM disabled, nothing read', async () => {
    setOnline(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<StatementChecks {...props} />);
    expect(screen.getByText('Needs connection')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate CAM' }) as HTMLButtonElement).disabled).toBe(true);
    pastReadSettle();
    expect(readStatementIdentity).not.toHaveBeenCalled();
  });

  it('offline with statements still on the phone: only "Needs connection"', () => {
    setOnline(false);
    render(<StatementChecks {...props} fileIds={[]} pending />);
    expect(screen.getByText('Needs connection')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate CAM' })).toBeNull();
  });
});
