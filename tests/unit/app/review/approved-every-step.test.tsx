// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { APP_ID, db, freshApplication, putBanks, putDraft } from '../business/business-support';
import { member } from '../family-members/family-members-support';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

// Issue 21 D16: an APPROVED application is read-only to a reviewer in every step. Each step says
// so, none of its fields takes input, and it offers nothing that would change the application
// (add, remove, verify, save): only the way on (Next or Submit, which queue nothing: see
// approved-read-only.test.tsx), the document groups to look at, and the links to look at records.

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchApplication: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/business-lookups.api', () => ({
  refreshBankList: vi.fn(async () => {}),
  refreshBusinessCategories: vi.fn(async () => {}),
}));

const SLOW = { timeout: 10_000 };
const READ_ONLY = 'This application is approved: it is read-only, and nothing on it can be changed any more.';
const STAGES = ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO', 'BANK_ACCOUNT'];
const CO_BORROWER = `02${'c'.repeat(30)}`;
/** What an approved step may still offer: look at documents, move on, the step tabs. */
const HARMLESS = /^(Upload Documents|Next|Submit|Submit Business CPV|Submit Residence CPV)$|\(Step \d/;

async function approved(status = 'APPROVED'): Promise<void> {
  const local = await freshApplication();
  await putBanks();
  await db.applications.update(local, {
    status,
    stage: [...STAGES, 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES'],
    server: { id: APP_ID, status, name: 'LAKSHMI DEVI', loan_type: 'UNSECURED_BUSINESS_LOAN' },
  });
  await db.records.bulkPut([
    member(local, 1),
    {
      ...member(local, 2),
      localId: CO_BORROWER,
      kind: 'co_applicant',
      values: { id: CO_BORROWER, type: 'CO_BORROWER', name: 'Ramesh Yadav' },
      server: { id: CO_BORROWER, type: 'CO_BORROWER', name: 'Ramesh Yadav', status: 'ACTIVE' },
    },
  ]);
  await putDraft('references', local, {
    reference_list: [
      { id: 'r1', type: 'PERSONAL', name: 'Mohan Lal', phone: '9000000021', address: '7 Bapu Bazaar, Jaipur', company_name: '' },
    ],
  });
}

/** Every control of the screen that would take input or change something. */
function changers(): string[] {
  const main = document.querySelector('main')!;
  const fields = [...main.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]), textarea')]
    .filter((f) => !f.readOnly && !f.disabled)
    .map((f) => `field ${f.id || f.name}`);
  const buttons = [...main.querySelectorAll<HTMLButtonElement>('button:not([disabled])')]
    .map((b) => (b.textContent ?? '').trim())
    .filter((text) => !HARMLESS.test(text))
    .map((text) => `button ${text}`);
  const adds = [...main.querySelectorAll('a')].map((a) => (a.textContent ?? '').trim()).filter((text) => /add/i.test(text));
  return [...fields, ...buttons, ...adds.map((text) => `link ${text}`)];
}

/** Each step, its heading, and what shows once its content (not only the frame) is on the screen. */
const STEPS: [route: string, heading: string, shown: RegExp][] = [
  ['kyc', 'Borrowers Info', /^Next$/],
  ['co-applicants', 'Add Co-borrower/Guarantor', /Ramesh Yadav/],
  ['co-applicant-details', 'Co-Borrower/Guarantor Details', /^Submit$/],
  ['family-details', 'Add Family Members', /Member 1/],
  ['family-detail-form', 'Family Member Details', /^Submit$/],
  ['business', 'Business Details', /^Next$/],
  ['employment', 'Employment Details', /^Next$/],
  ['bank-account-details', 'Bank Account Details', /^Submit$/],
  ['cpv-info', 'Field Verification (CPV)', /^Submit Business CPV$/],
  ['references', 'References', /Mohan Lal/],
  ['reference-details', 'Reference Details', /^Back to references$/],
];

describe('an approved application, every step, as the credit manager', () => {
  beforeEach(() => {
    resetDevice();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
  });
  afterEach(teardown);

  it.each(STEPS)('%s: says it is read-only and offers nothing that changes it', async (route, heading, shown) => {
    await approved();
    renderRoutes(`/application/${route}?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, SLOW)).toBeTruthy();
    expect((await screen.findAllByText(shown, undefined, SLOW)).length).toBeGreaterThan(0);
    expect(await screen.findByText(READ_ONLY, undefined, SLOW)).toBeTruthy();
    expect(changers()).toEqual([]);
  });

  it('the same steps before approval still take changes (the check above can fail)', async () => {
    await approved('PD2_COMPLETE');
    renderRoutes(`/application/references?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByText('Mohan Lal', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText(READ_ONLY)).toBeNull();
    expect(changers()).toEqual(expect.arrayContaining(['button Remove', 'link + Add Reference']));
  });
});
