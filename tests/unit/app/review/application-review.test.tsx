// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplication } from '../../../../src/app/api/applications.api';
import { HttpError } from '../../../../src/app/api/http-client';
import { decideDeviation, moveApplication, resubmitApplication } from '../../../../src/app/api/review.api';
import { ReviewRemarksPanel } from '../../../../src/app/components/review-remarks-panel';
import { ApplicationReview } from '../../../../src/app/components/review/application-review';
import { useLocalApplication } from '../../../../src/app/db/application-steps.hooks';
import { setProfile } from '../../../../src/app/session/session.storage';
import { currentLocation, LocationProbe, makeProfile, resetDevice, setOnline, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, parkedEntry } from '../family-members/family-members-support';

vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn() }));
vi.mock('../../../../src/app/api/review.api', () => ({
  moveApplication: vi.fn(),
  resubmitApplication: vi.fn(),
  decideDeviation: vi.fn(),
}));

const SLOW = { timeout: 10_000 };
const SENT_BACK = {
  at: '2026-11-20T10:15:00.000Z',
  actor_name: 'Arjun Singh',
  actor_designation: 'BRANCH_MANAGER',
  action: 'MOVED',
  from: 'PD1_COMPLETE',
  to: 'PD1_REVIEW',
  remarks: 'Bank proof is blurred, upload again',
};
const COMPLETED = { ...SENT_BACK, at: '2026-11-19T09:00:00.000Z', from: 'DRAFT', to: 'PD1_COMPLETE', remarks: null };

function Screen({ localId }: { localId: string }) {
  const app = useLocalApplication(localId);
  if (!app) return null;
  const status = typeof app.server?.status === 'string' ? app.server.status : app.status;
  return (
    <MemoryRouter initialEntries={[`/application/kyc?id=${APP_ID}`]}>
      <ApplicationReview app={app} serverId={APP_ID} />
      <ReviewRemarksPanel status={status} remarks={null} history={app.server?.history} />
      <LocationProbe />
    </MemoryRouter>
  );
}

async function withServer(localId: string, server: Record<string, unknown>) {
  await db.applications.update(localId, { status: String(server.status), server: { id: APP_ID, ...server } });
}

describe('the review section of an application screen', () => {
  let localId: string;
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    localId = await freshApplication();
    vi.mocked(fetchApplication).mockImplementation(async () => {
      const app = await db.applications.get(localId);
      return { success: true, data: { ...(app?.server ?? {}), id: APP_ID } as never };
    });
  });
  afterEach(teardown);

  it('shows the officer nothing on a plain draft', async () => {
    setProfile(makeProfile());
    await withServer(localId, { status: 'DRAFT', stage: [] });
    const { container } = render(<Screen localId={localId} />);
    await waitFor(() => expect(container.querySelector('output')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull();
  });

  it('branch manager, DRAFT: Complete PD1 sends the move, shows the new status, refreshes the record', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER', first_name: 'Arjun' }));
    await withServer(localId, { status: 'DRAFT', stage: ['BORROWER_INFO'] });
    vi.mocked(moveApplication).mockResolvedValue({
      success: true,
      data: { id: APP_ID, status: 'PD1_COMPLETE', stage: ['BORROWER_INFO'], history: [COMPLETED] } as never,
    });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    expect(await screen.findByText('Status: Draft', undefined, SLOW)).toBeTruthy();
    const actions = screen.getByRole('group', { name: 'Review actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete PD1']);
    await user.click(within(actions).getByRole('button', { name: 'Complete PD1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete PD1 for this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete PD1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(vi.mocked(moveApplication).mock.calls[0]!.slice(0, 2)).toEqual([APP_ID, { status: 'PD1_COMPLETE' }]);
    expect(await screen.findByText('Status: PD1 complete', undefined, SLOW)).toBeTruthy();
    expect(document.querySelector('.app-review .form-notice')?.textContent).toBe('Done. Status now: PD1 complete.');
    expect((await db.applications.get(localId))?.status).toBe('PD1_COMPLETE');
    expect(fetchApplication).toHaveBeenCalledWith(APP_ID);
    // PD1_COMPLETE: send back, or verify the business and residence.
    const next = screen.getByRole('group', { name: 'Review actions' });
    expect(
      within(next)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['PD1 Review', 'Complete Business/Residence Verification']);
    await user.click(within(next).getByRole('button', { name: 'Complete Business/Residence Verification' }));
    expect(currentLocation().pathname).toBe('/application/cpv-info');
  });

  it('PD1 Review needs remarks of 3 characters; the server refusal is shown in the dialog', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER' }));
    await withServer(localId, { status: 'PD1_COMPLETE' });
    vi.mocked(moveApplication)
      .mockResolvedValueOnce({ success: false, message: 'Only a branch manager or credit manager may send back', status_code: 403 })
      .mockRejectedValueOnce(new HttpError('network'))
      .mockResolvedValueOnce({ success: true, data: { id: APP_ID, status: 'PD1_REVIEW', history: [SENT_BACK, COMPLETED] } as never });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    await user.click(await screen.findByRole('button', { name: 'PD1 Review' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Send the application back for PD1 review' });
    const remarks = within(dialog).getByLabelText('Remarks');
    expect(document.activeElement).toBe(remarks);
    await user.type(remarks, 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'PD1 Review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter remarks of at least 3 characters');
    expect(moveApplication).not.toHaveBeenCalled();
    await user.clear(remarks);
    await user.type(remarks, SENT_BACK.remarks);
    await user.click(within(dialog).getByRole('button', { name: 'PD1 Review' }));
    expect(await within(dialog).findByText('Only a branch manager or credit manager may send back')).toBeTruthy();
    // No answer at all: the dialog says so and stays open.
    await user.click(within(dialog).getByRole('button', { name: 'PD1 Review' }));
    expect(await within(dialog).findByText('Something went wrong!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'PD1 Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    const keys = vi.mocked(moveApplication).mock.calls.map((call) => call[2]);
    expect(vi.mocked(moveApplication).mock.calls[2]!.slice(0, 2)).toEqual([APP_ID, { status: 'PD1_REVIEW', remarks: SENT_BACK.remarks }]);
    // After the refusal a new request; after the lost answer the same key again (not made twice).
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    // The yellow panel: the remarks, who sent it back and when.
    const panel = (await screen.findByRole('heading', { name: 'Review remarks' }, SLOW)).closest('section')!;
    expect(panel.textContent).toContain(SENT_BACK.remarks);
    expect(panel.textContent).toContain('Sent back by Arjun Singh (Branch Manager) on 20-11-2026');
  });

  it('the officer in PD1_REVIEW sees the remarks and Resubmit; offline it is disabled and says so', async () => {
    setProfile(makeProfile());
    await withServer(localId, { status: 'PD1_REVIEW', history: [SENT_BACK, COMPLETED] });
    setOnline(false);
    vi.mocked(resubmitApplication).mockResolvedValue({
      success: true,
      data: {
        id: APP_ID,
        status: 'PD1_REVIEW',
        history: [
          {
            ...SENT_BACK,
            at: '2026-11-21T08:00:00.000Z',
            action: 'RESUBMITTED',
            from: 'PD1_REVIEW',
            to: 'PD1_REVIEW',
            actor_name: 'Ravi Kumar',
            actor_designation: 'RELATIONSHIP_OFFICER',
            remarks: 'Uploaded a clear proof',
          },
          SENT_BACK,
          COMPLETED,
        ],
      } as never,
    });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    const resubmit = (await screen.findByRole('button', { name: 'Resubmit' }, SLOW)) as HTMLButtonElement;
    expect(resubmit.disabled).toBe(true);
    const note = document.getElementById(resubmit.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe('Needs connection');
    expect(screen.getByText(SENT_BACK.remarks, { selector: '.review-remarks__text' })).toBeTruthy();
    setOnline(true);
    await waitFor(() => expect(resubmit.disabled).toBe(false));
    await user.click(resubmit);
    const dialog = await screen.findByRole('dialog', { name: 'Resubmit the corrected application' });
    await user.type(within(dialog).getByLabelText('Remarks'), 'Uploaded a clear proof');
    await user.click(within(dialog).getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(vi.mocked(resubmitApplication).mock.calls[0]!.slice(0, 2)).toEqual([APP_ID, { remarks: 'Uploaded a clear proof' }]);
    expect(document.querySelector('.app-review .form-notice')?.textContent).toBe('Resubmitted: the branch manager can now complete PD1.');
    // History, collapsed by default, newest first.
    // The history comes with the application read back from the server (a live query).
    const history = (await screen.findByText('History (3)', undefined, SLOW)).closest('details')!;
    expect(history.open).toBe(false);
    await user.click(screen.getByText('History (3)'));
    const items = within(history).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Resubmitted');
    expect(items[0]!.textContent).toContain('Ravi Kumar (Relationship Officer), 21-11-2026');
    expect(items[1]!.textContent).toContain('Status changed · PD1 complete → Sent back for PD1 review');
  });

  it('issue 21 D4: a change still on the phone stops the resubmit with what to do; after a resubmit the status, button, panel and history change at once', async () => {
    setProfile(makeProfile());
    await withServer(localId, { status: 'PD1_REVIEW', history: [SENT_BACK, COMPLETED] });
    const resubmittedEntry = {
      ...SENT_BACK,
      at: '2026-11-21T08:00:00.000Z',
      action: 'RESUBMITTED',
      from: 'PD1_REVIEW',
      to: 'PD1_REVIEW',
      actor_name: 'Ravi Kumar',
      actor_designation: 'RELATIONSHIP_OFFICER',
      remarks: null,
      detail: { changed: ['business', 'bank'] },
    };
    vi.mocked(resubmitApplication).mockResolvedValue({
      success: true,
      data: {
        id: APP_ID,
        status: 'PD1_REVIEW',
        resubmitted_at: resubmittedEntry.at,
        history: [resubmittedEntry, SENT_BACK, COMPLETED],
      } as never,
    });
    // The corrected bank step is still in this phone's outbox (the server refused it).
    await parkedEntry(localId, 'bank-step', 'Invalid IFSC');
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    expect((await screen.findByText('Status: Sent back for PD1 review', undefined, SLOW)).className).toBe('status-badge');
    expect(document.querySelector('.review-remarks')?.className).toBe('review-remarks');
    const resubmit = (await screen.findByRole('button', { name: 'Resubmit' }, SLOW)) as HTMLButtonElement;
    await user.click(resubmit);
    const dialog = await screen.findByRole('dialog', { name: 'Resubmit the corrected application' });
    expect(dialog.textContent).toContain('A step you corrected counts once you have pressed Next on it');
    await user.click(within(dialog).getByRole('button', { name: 'Resubmit' }));
    expect(
      await within(dialog).findByText(
        'Not resubmitted: 1 change(s) of this application are still on this phone. Connect, wait until the Sync centre shows nothing waiting, then resubmit.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(resubmitApplication).not.toHaveBeenCalled();

    // Once it has gone (synced or discarded), the resubmit is made.
    await db.outbox.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(resubmitApplication).toHaveBeenCalledTimes(1);
    // At once, from the answer: the status, the button, the panel.
    const badge = await screen.findByText('Status: Resubmitted for PD1 review', undefined, SLOW);
    expect(badge.getAttribute('data-status')).toBe('RESUBMITTED');
    // The branch manager has it now: no Resubmit is offered again (issue 31 D4); the panel says so.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resubmit' })).toBeNull());
    expect(resubmit.isConnected).toBe(false);
    const panel = document.querySelector('.review-remarks')!;
    expect(panel.className).toBe('review-remarks review-remarks--answered');
    expect(panel.querySelector('.review-remarks__status')?.textContent).toMatch(
      /^Resubmitted on 21-11-2026.*: waiting for the branch manager to complete PD1\.$/,
    );
    // The remarks of the send-back stay readable.
    expect(panel.querySelector('.review-remarks__text')?.textContent).toBe(SENT_BACK.remarks);
    // The history names the steps that changed since the send-back.
    await user.click(await screen.findByText('History (3)', undefined, SLOW));
    const items = within(screen.getByText('History (3)').closest('details')!).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Changed since the send-back: Business details, Bank account');
  });

  it('a BRE rejection confirmed by the credit manager: the history says the engine decided and who confirmed (issue 21 D2)', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER', first_name: 'Meena' }));
    const confirmed = {
      at: '2026-11-22T11:00:00.000Z',
      actor_name: 'Meena Sharma',
      actor_designation: 'BRANCH_CREDIT_MANAGER',
      action: 'MOVED',
      from: 'PD1_COMPLETE',
      to: 'REJECTED',
      remarks: 'INSUFFICIENT_SURPLUS',
      detail: { by: 'BRE', confirmed_by: 2, reasons: ['INSUFFICIENT_SURPLUS'] },
    };
    await withServer(localId, { status: 'REJECTED', stage: [], history: [confirmed, COMPLETED] });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    await user.click(await screen.findByText('History (2)', undefined, SLOW));
    const [first] = within(screen.getByText('History (2)').closest('details')!).getAllByRole('listitem');
    expect(first!.textContent).toContain('Status changed · PD1 complete → Rejected');
    expect(first!.textContent).toContain('Decided by the business rules engine; confirmed by Meena Sharma (Branch Credit Manager).');
    // The engine's code is not shown as the remarks.
    expect(first!.textContent).not.toContain('INSUFFICIENT_SURPLUS');
  });

  it('two phones’ changes of one record: the history says what merged, what conflicted and which value was kept by whom (issue 32)', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER', first_name: 'Arjun' }));
    const by = { actor_name: 'Ravi Kumar', actor_designation: 'RELATIONSHIP_OFFICER', from: null, to: null, remarks: null };
    const history = [
      {
        ...by,
        at: '2026-11-29T11:00:00.000Z',
        action: 'RECORD_RESOLVED',
        detail: { record: 'borrower', resolves: 4, resolved: [{ field: 'address', kept: 'yours' }] },
      },
      {
        ...by,
        at: '2026-11-29T10:50:00.000Z',
        action: 'RECORD_CONFLICT',
        detail: { record: 'borrower', merged_fields: [], conflicts: [{ field: 'address' }] },
      },
      {
        ...by,
        at: '2026-11-29T10:40:00.000Z',
        action: 'RECORD_MERGED',
        detail: { record: 'borrower', merged_fields: ['years_of_residence'], conflicts: [] },
      },
    ];
    await withServer(localId, { status: 'PD1_REVIEW', stage: [], history });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    await user.click(await screen.findByText('History (3)', undefined, SLOW));
    const items = within(screen.getByText('History (3)').closest('details')!).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('[data-testid="history-record"]')?.textContent)).toEqual([
      'Borrower, Address: this phone’s value kept over the server’s, chosen by Ravi Kumar',
      'Borrower: Address: the value on the server kept until decided',
      'Borrower: Years of residence added to the other phone’s changes',
    ]);
    expect(items[0]!.textContent).toContain('Conflict resolved');
  });

  it('deviations: everyone sees their status; the branch manager approves one with a remark', async () => {
    await withServer(localId, {
      status: 'DRAFT',
      deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: {}, status: 'PENDING' }],
    });
    await db.records.put({
      localId: 'c'.repeat(32),
      applicationLocalId: localId,
      kind: 'co_applicant',
      values: {},
      syncState: 'synced',
      server: {
        id: 'c'.repeat(32),
        name: 'SUNITA KUMARI',
        status: 'ACTIVE',
        deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', status: 'APPROVED', remarks: 'Known alias' }],
      },
      createdAt: 1,
      updatedAt: 1,
    });
    setProfile(makeProfile());
    const view = render(<Screen localId={localId} />);
    expect(await screen.findByText('bank account holder name mismatch (borrower)', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(/^Deviations \([12]\) · 1 pending$/)).toBeTruthy();
    expect(await screen.findByText('co-borrower name mismatch (SUNITA KUMARI)', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Remarks: Known alias')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve deviation/ })).toBeNull();
    view.unmount();

    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER' }));
    vi.mocked(decideDeviation).mockResolvedValue({
      success: true,
      data: {
        id: APP_ID,
        status: 'DRAFT',
        deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'APPROVED', remarks: 'Same person' }],
      } as never,
    });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    await user.click(await screen.findByRole('button', { name: 'Approve deviation bank account holder name mismatch' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Approve deviation bank account holder name mismatch' });
    await user.type(within(dialog).getByLabelText('Remarks'), 'Same person');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(vi.mocked(decideDeviation).mock.calls[0]!.slice(0, 2)).toEqual([
      APP_ID,
      { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'Same person' },
    ]);
    const decided = await screen.findByText('Remarks: Same person', undefined, SLOW);
    // The decision just made does not fold the list away; the summary no longer counts it pending.
    expect((decided.closest('details') as HTMLDetailsElement).open).toBe(true);
    expect(screen.getByText('Deviations (2)')).toBeTruthy();
  });

  it('credit manager, PD1_COMPLETE: Complete PD2, PD1 Review, the field verification her selfie is needed for, and Loan Offer', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    await withServer(localId, { status: 'PD1_COMPLETE' });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    const group = await screen.findByRole('group', { name: 'Review actions' }, SLOW);
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete PD2', 'PD1 Review', 'Complete Business/Residence Verification', 'Loan Offer']);
    await user.click(within(group).getByRole('button', { name: 'Loan Offer' }));
    expect(currentLocation().pathname).toBe('/application/loan-offer');
    // On the loan offer screen itself, its link is not offered again.
    expect(
      within(screen.getByRole('group', { name: 'Review actions' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete PD2', 'PD1 Review', 'Complete Business/Residence Verification']);
  });

  it('a refused move reads in words, not codes, and leaves the optional Remarks box unmarked (issue 21 D7)', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    await withServer(localId, { status: 'PD1_COMPLETE' });
    vi.mocked(moveApplication).mockResolvedValueOnce({
      success: false,
      status_code: 409,
      message:
        'Cannot move from PD1_COMPLETE to PD2_COMPLETE yet. Still needed: stage CPV_BUSINESS_PLACE, the selfie with BCM of the residence, stage REFERENCES.',
    });
    const user = userEvent.setup();
    render(<Screen localId={localId} />);
    await user.click(await screen.findByRole('button', { name: 'Complete PD2' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Complete PD2' }));
    const refusal = await within(dialog).findByRole('alert', undefined, SLOW);
    expect(refusal.textContent).toBe(
      'Cannot move from PD1 complete to PD2 complete yet. Still needed: the business place verification (CPV), the selfie with BCM of the residence, the references.',
    );
    const remarks = within(dialog).getByLabelText(/Remarks/) as HTMLTextAreaElement;
    expect(remarks.getAttribute('aria-invalid')).toBeNull();
  });
});
