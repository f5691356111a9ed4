// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonRequest } from '../../../../src/app/db/records';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { APP_ID, db, freshApplication, putDraft } from '../business/business-support';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));

const SLOW = { timeout: 10_000 };
const BCM = makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER', first_name: 'Meena' });
const ref = (n: number, over: Record<string, unknown> = {}) => ({
  id: String(n).repeat(32),
  type: 'PERSONAL_REFERENCE',
  name: `Reference ${n}`,
  phone: `98765432${10 + n}`,
  address: '14 Gandhi Nagar, Nashik',
  company_name: '',
  ...over,
});
const jsonEntries = async () => (await db.outbox.toArray()).filter((e) => e.request.kind === 'json');

async function openList() {
  renderRoutes(`/application/references?id=${APP_ID}`);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'References', level: 1 }, SLOW)).toBeTruthy();
  await screen.findByTestId('reference-list', undefined, SLOW);
}

describe('references (/application/references, /application/reference-details)', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    await db.applications.update(appLocalId, { status: 'PD1_COMPLETE', server: { id: APP_ID, status: 'PD1_COMPLETE' } });
    setToken('tok-1');
    setProfile(BCM);
  });
  afterEach(teardown);

  it('offline: add a business reference through its form, Submit queues one PATCH and goes to success/loan-offers', async () => {
    setOnline(false);
    const user = userEvent.setup();
    await openList();
    expect(screen.getByText('No references yet. Add 1 to 3 references.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: '+ Add Reference' }));
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Reference Details', level: 1 }, SLOW)).toBeTruthy();
    expect(currentLocation().pathname).toBe('/application/reference-details');
    await user.click(await screen.findByLabelText('Reference type', { selector: 'button' }, SLOW));
    await user.click(screen.getByRole('option', { name: 'Business reference' }));
    await user.type(screen.getByLabelText('Name'), 'Shree Ram');
    await user.type(screen.getByLabelText('Mobile number'), '98765x43210');
    await user.type(screen.getByLabelText('Address'), '22 Market Road, Nashik');
    await user.click(screen.getByRole('button', { name: 'Save Reference' }));
    await waitFor(() => expect(document.getElementById('reference-error')?.textContent).toBe('Company name is required'), SLOW);
    await user.type(screen.getByLabelText('Company name (optional)'), 'Shree Traders');
    await user.click(screen.getByRole('button', { name: 'Save Reference' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/references'), SLOW);
    const card = (await screen.findAllByTestId('reference-card', undefined, SLOW))[0]!;
    expect(within(card).getByText('Shree Ram')).toBeTruthy();
    expect(within(card).getByText('Shree Traders')).toBeTruthy();
    expect(screen.getByText('1 of 3 references')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/success/loan-offers'), SLOW);
    const entries = await jsonEntries();
    expect(entries).toHaveLength(1);
    const request = entries[0]!.request as JsonRequest;
    expect(request).toMatchObject({ method: 'PATCH', url: '/v1/app/mfi/{app}/reference' });
    const list = (request.body as { reference_list: Record<string, unknown>[] }).reference_list;
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        type: 'BUSINESS_REFERENCE',
        name: 'Shree Ram',
        phone: '9876543210',
        address: '22 Market Road, Nashik',
        company_name: 'Shree Traders',
      },
    ]);
    const app = await db.applications.get(appLocalId);
    expect(app?.stage).toContain('REFERENCES');
  });

  it("online, Submit says 'Reference(s) added successfully!'; an empty list is refused", async () => {
    const user = userEvent.setup();
    await openList();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.getElementById('references-error')?.textContent).toBe('At least one reference is required'), SLOW);
    expect(await jsonEntries()).toHaveLength(0);
    teardown();
    await putDraft('references', appLocalId, { reference_list: [ref(1)] });
    await openList();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Reference(s) added successfully!', undefined, SLOW)).toBeTruthy();
    await waitFor(async () => expect(await jsonEntries()).toHaveLength(1), SLOW);
  });

  it('the form says what is wrong: name, mobile, address', async () => {
    const user = userEvent.setup();
    renderRoutes(`/application/reference-details?id=${APP_ID}&record_index=0`);
    await settleNavigation();
    await screen.findByLabelText('Name', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'Save Reference' }));
    await waitFor(() => expect(document.getElementById('reference-error')?.textContent).toBe('Name is required'), SLOW);
    await user.type(screen.getByLabelText('Name'), 'Sita');
    await user.type(screen.getByLabelText('Mobile number'), '98765');
    await user.click(screen.getByRole('button', { name: 'Save Reference' }));
    await waitFor(() => expect(document.getElementById('reference-error')?.textContent).toBe('Invalid mobile number'), SLOW);
    await user.type(screen.getByLabelText('Mobile number'), '43210');
    await user.type(screen.getByLabelText('Address'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save Reference' }));
    await waitFor(() => expect(document.getElementById('reference-error')?.textContent).toBe('Address is required'), SLOW);
    expect(currentLocation().pathname).toBe('/application/reference-details');
  });

  it('an existing reference is edited in place; three references hide the add tile; Remove takes one out', async () => {
    await putDraft('references', appLocalId, { reference_list: [ref(1), ref(2), ref(3)] });
    const user = userEvent.setup();
    await openList();
    expect(screen.getAllByTestId('reference-card')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: '+ Add Reference' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Edit reference 2' }));
    await settleNavigation();
    const name = (await screen.findByLabelText('Name', undefined, SLOW)) as HTMLInputElement;
    expect(name.value).toBe('Reference 2');
    await user.clear(name);
    await user.type(name, 'Gopal Das');
    await user.click(screen.getByRole('button', { name: 'Save Reference' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/references'), SLOW);
    const cards = await screen.findAllByTestId('reference-card', undefined, SLOW);
    expect(cards.map((c) => c.querySelector('strong')?.textContent)).toEqual(['Reference 1', 'Gopal Das', 'Reference 3']);
    await user.click(screen.getByRole('button', { name: 'Remove reference Reference 1' }));
    await waitFor(() => expect(screen.getAllByTestId('reference-card')).toHaveLength(2));
    expect(screen.getByRole('link', { name: '+ Add Reference' })).toBeTruthy();
  });

  it('what is typed into a reference is kept as a draft and comes back when the form opens again', async () => {
    const user = userEvent.setup();
    renderRoutes(`/application/reference-details?id=${APP_ID}&record_index=0`);
    await settleNavigation();
    await user.type(await screen.findByLabelText('Name', undefined, SLOW), 'Kamla Bai');
    await waitFor(async () => expect((await db.drafts.toArray()).some((d) => d.form === 'reference_item')).toBe(true), SLOW);
    teardown();
    renderRoutes(`/application/reference-details?id=${APP_ID}&record_index=0`);
    await settleNavigation();
    await waitFor(
      async () => expect(((await screen.findByLabelText('Name', undefined, SLOW)) as HTMLInputElement).value).toBe('Kamla Bai'),
      SLOW,
    );
  });

  it('the relationship officer cannot open reference items (spec 02 §6)', async () => {
    setProfile(makeProfile());
    await putDraft('references', appLocalId, { reference_list: [ref(1)] });
    await openList();
    expect(screen.getByText('References are added by the branch credit manager or the branch manager.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit reference 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    teardown();
    renderRoutes(`/application/reference-details?id=${APP_ID}&record_index=0`);
    await settleNavigation();
    expect(
      await screen.findByText('References are added by the branch credit manager or the branch manager.', undefined, SLOW),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });
});
