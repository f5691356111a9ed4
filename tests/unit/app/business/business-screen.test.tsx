// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonRequest } from '../../../../src/app/db/records';
import { removeToken, setGuestToken, setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, putBanks, putDraft, putFileWithBlob, VALID_BUSINESS } from './business-support';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/server-file.api', () => ({
  fetchFileUrl: vi.fn(async (id: string) => ({ success: true, data: { file_url: `/api/files/${id}?sig=x` } })),
}));
vi.mock('../../../../src/app/api/banking.api', () => ({ readStatementIdentity: vi.fn(() => new Promise(() => {})), requestCam: vi.fn() }));
vi.mock('../../../../src/app/api/business-lookups.api', () => ({
  refreshBankList: vi.fn(async () => {}),
  refreshBusinessCategories: vi.fn(async () => {}),
}));

const SLOW = { timeout: 10_000 };
const banner = () => document.getElementById('business-error');
const next = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Next' }));

async function openForm() {
  renderRoutes(`/application/business?id=${APP_ID}`);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Business Details', level: 1 }, SLOW)).toBeTruthy();
  await screen.findByLabelText('Business name', undefined, SLOW);
}

/** The documents a valid form needs: one statement, the business proof, the business ownership proof. */
async function putDocuments(appLocalId: string) {
  await putFileWithBlob(appLocalId, 'business.bank_statement', 'stmt-a');
  await putFileWithBlob(appLocalId, 'business.bank_statement', 'stmt-b', { capturedAt: 2 });
  await putFileWithBlob(appLocalId, 'business.upload_business_proof', 'proof');
  await putFileWithBlob(appLocalId, 'business.business_ownership_proof_file', 'owner');
}

describe('business details (/application/business)', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    await putBanks();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it("shows the officer the business and bank account steps; a borrower applying herself sees no bank account step (it is the branch's)", async () => {
    await openForm();
    expect(within(screen.getByRole('navigation', { name: 'Application steps' })).getByText('Bank account')).toBeTruthy();
    teardown();
    removeToken();
    setGuestToken('guest-1');
    renderRoutes(`/apply-loan/business?id=${APP_ID}`);
    await settleNavigation();
    await screen.findByLabelText('Business name', undefined, SLOW);
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).toBeNull();
  });

  it('shows the first message of spec 02 §5 and queues nothing', async () => {
    const user = userEvent.setup();
    await openForm();
    await next(user);
    await waitFor(() => expect(banner()?.textContent).toBe('Invalid business name'), SLOW);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, Next queues one POST with the statements as a list of phone files, records BUSINESS_INFO and goes to the bank account', async () => {
    setOnline(false);
    await putDraft('business', appLocalId, VALID_BUSINESS);
    await putDocuments(appLocalId);
    const user = userEvent.setup();
    await openForm();
    // The draft fills the form once it is read from the device database.
    await waitFor(
      () => expect((document.getElementById('business-business_name') as HTMLInputElement).value).toBe('Lakshmi Tailors'),
      SLOW,
    );
    await next(user);
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/bank-account-details'), SLOW);
    const entries = (await db.outbox.toArray()).filter((e) => e.request.kind === 'json');
    expect(entries).toHaveLength(1);
    const request = entries[0]!.request as JsonRequest;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/app/mfi/{app}/business-detail' });
    const body = request.body as Record<string, unknown>;
    expect(body.bank_statement).toEqual([{ $file: 'stmt-a' }, { $file: 'stmt-b' }]);
    expect(body).toMatchObject({
      upload_business_proof: { $file: 'proof' },
      statement_bank_id: 1,
      years_in_business: 6,
      bank_code: 'SBIN',
    });
    expect(body.business_rent_agreement).toBeUndefined();
    const app = await db.applications.get(appLocalId);
    expect(app?.stage).toContain('BUSINESS_INFO');
    await waitFor(async () => expect(await db.drafts.get(`${appLocalId}:business`)).toBeUndefined(), SLOW);
  });

  it("a bank without a code stops the submit with 'Bank code not found'", async () => {
    await putBanks([{ id: 1, name: 'State Bank of India', code: '' }]);
    await putDraft('business', appLocalId, VALID_BUSINESS);
    await putDocuments(appLocalId);
    const user = userEvent.setup();
    await openForm();
    await next(user);
    await waitFor(() => expect(banner()?.textContent).toBe('Bank code not found'), SLOW);
    expect(await db.outbox.count()).toBe(0);
  });

  it('Add Bank waits for the first bank and its statement, and stops at 2 more banks', async () => {
    await putDraft('business', appLocalId, { ...VALID_BUSINESS, statement_bank_id: '', bank_name: '' });
    const user = userEvent.setup();
    await openForm();
    const add = () => screen.getByRole('button', { name: 'Add Bank' }) as HTMLButtonElement;
    expect(add().disabled).toBe(true);
    await user.click(screen.getByLabelText('Bank name', { selector: '#business-statement_bank_id' }));
    await user.click(await screen.findByRole('option', { name: 'State Bank of India' }, SLOW));
    expect(add().disabled).toBe(true); // no statement yet
    await putFileWithBlob(appLocalId, 'business.bank_statement', 'stmt-a');
    await waitFor(() => expect(add().disabled).toBe(false), SLOW);
    await user.click(add());
    expect(await screen.findByRole('group', { name: 'Second bank' }, SLOW)).toBeTruthy();
    await user.click(add());
    expect(await screen.findByRole('group', { name: 'Third bank' }, SLOW)).toBeTruthy();
    expect(add().disabled).toBe(true);
    expect(screen.getByText('At most 2 more banks can be added.')).toBeTruthy();
    // Any additional bank can be removed: the third moves up into the second's place, statements too.
    await putFileWithBlob(appLocalId, 'business.bank_statement1', 'stmt-b');
    await putFileWithBlob(appLocalId, 'business.bank_statement2', 'stmt-c');
    await user.type(within(screen.getByRole('group', { name: 'Third bank' })).getByLabelText('Credit limit (optional)'), '45000');
    expect(screen.getAllByRole('button', { name: 'Remove bank' })).toHaveLength(2);
    await user.click(within(screen.getByRole('group', { name: 'Second bank' })).getByRole('button', { name: 'Remove bank' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Third bank' })).toBeNull(), SLOW);
    expect(
      (within(screen.getByRole('group', { name: 'Second bank' })).getByLabelText('Credit limit (optional)') as HTMLInputElement).value,
    ).toBe('45000');
    expect(await db.files.get('stmt-b')).toBeUndefined();
    expect((await db.files.get('stmt-c'))?.field).toBe('business.bank_statement1');
    expect(add().disabled).toBe(false);
  });

  it('asks for a rent agreement only when the place is neither self- nor family-owned', async () => {
    await putDraft('business', appLocalId, { ...VALID_BUSINESS, business_address_ownership_type: 'RENTED' });
    await putDocuments(appLocalId);
    const user = userEvent.setup();
    await openForm();
    expect(screen.getByText('Rent agreement')).toBeTruthy();
    await next(user);
    await waitFor(() => expect(banner()?.textContent).toBe('Please upload rent agreement'), SLOW);
    await user.click(screen.getByLabelText('Business address ownership', { selector: 'button' }));
    await user.click(await screen.findByRole('option', { name: 'Family Owned' }, SLOW));
    await waitFor(() => expect(screen.queryByText('Rent agreement')).toBeNull(), SLOW);
    expect(screen.getByLabelText('Owned by')).toBeTruthy();
  });

  it("sector 'Others' reveals its input, and a GST number with another PAN is flagged", async () => {
    await putDraft('business', appLocalId, { ...VALID_BUSINESS, sector_of_business: 'Others', category_of_business: 'Others' });
    await db.applications.update(appLocalId, { steps: { borrower: { pan: 'BDVPD4821K' } } });
    const user = userEvent.setup();
    await openForm();
    expect(screen.getByLabelText('Other sector')).toBeTruthy();
    await user.type(screen.getByLabelText('GST number (optional)'), '27AAPFU0939F1ZV');
    expect(await screen.findByText("The PAN in this GST number is not the borrower's PAN", undefined, SLOW)).toBeTruthy();
  });
  it("a reviewer sees the server's documents and statements, and upload boxes only after 'Upload Documents'", async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    const proof = 'b'.repeat(32);
    const statement = 'c'.repeat(32);
    await db.applications.update(appLocalId, {
      server: {
        id: APP_ID,
        status: 'PD1_REVIEW',
        app_mfi_business_details: { ...VALID_BUSINESS, upload_business_proof: proof, bank_statement: [statement] },
      },
    });
    await openForm();
    expect(screen.queryByLabelText('Business vintage proof', { selector: 'input[type=file]' })).toBeNull();
    expect(await screen.findByText('Statements on the server 1', undefined, SLOW)).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Upload Documents' });
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Business vintage proof', { selector: 'input[type=file]' })).toBeTruthy();
  });
});
