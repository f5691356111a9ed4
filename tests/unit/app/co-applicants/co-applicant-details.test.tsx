// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../../../src/app/db/db';
import type { JsonRequest, OutboxEntry } from '../../../../src/app/db/records';
import { removeToken, resetProfile, setGuestToken, setProfile, setToken } from '../../../../src/app/session/session.storage';
import { createSyncEngine } from '../../../../src/app/sync/engine';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';
import { coApplicantId, ID, LOCAL, RAMESH, seedApplication, seedFile, seedRecord } from './fixtures';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({
  fetchApplication: vi.fn(() => new Promise(() => {})),
  fetchApplicationByPhone: vi.fn(() => new Promise(() => {})),
  runBureauCheck: vi.fn(),
}));
vi.mock('../../../../src/app/api/verification.api', () => ({
  verifyPan: vi.fn(),
  verifyVoterId: vi.fn(),
  matchNames: vi.fn(),
}));

const { verifyPan, verifyVoterId, matchNames } = await import('../../../../src/app/api/verification.api');
const db = getDb();
const NEW = coApplicantId(7);
const FILES = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file'];

async function seedForm(recordId: string, values: Record<string, string>, checks: Record<string, unknown> = {}, serverFiles = false) {
  await db.drafts.put({
    key: `${LOCAL}:co_applicant.${recordId}`,
    form: `co_applicant.${recordId}`,
    applicationLocalId: LOCAL,
    values: { values, checks },
    updatedAt: 1,
  });
  for (const [i, field] of FILES.entries()) await seedFile(recordId, field, serverFiles ? String(i + 1).repeat(32) : undefined);
}

/** The lazy screen and the device database under load: wait on conditions with room, not on the default second. */
const SLOW = { timeout: 10_000 };

async function openDetails(query: string, base = '/application') {
  renderRoutes(`${base}/co-applicant-details?id=${ID}&${query}`);
  await settleNavigation();
  await screen.findByLabelText('Full name', undefined, SLOW);
}

async function recordEntries(): Promise<(OutboxEntry & { request: JsonRequest })[]> {
  return (await db.outbox.toArray()).filter((e): e is OutboxEntry & { request: JsonRequest } => e.request.kind === 'json');
}

const submitButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Co-borrower/guarantor form (/application/co-applicant-details)', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
    await seedApplication('UNSECURED_BUSINESS_LOAN');
  });
  afterEach(teardown);

  it('Submit queues one POST with the client id, the $file references and the date as YYYY-MM-DD, then goes back to the list', async () => {
    setOnline(false);
    await seedForm(NEW, RAMESH);
    await openDetails(`type=CO_BORROWER&record_index=0&co_applicant_id=${NEW}`);
    expect(screen.getByRole('heading', { name: 'Co-Borrower/Guarantor Details', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('RAMESH YADAV');
    // Offline the checks wait for a connection; the server verifies the numbers when the item syncs.
    const verify = submitButton('Verify PAN');
    expect(verify.disabled).toBe(true);
    expect(document.getElementById(verify.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Needs connection');
    expect(screen.getByText('Offline: the server verifies the PAN and voter ID numbers when this item syncs.')).toBeTruthy();

    fireEvent.click(submitButton('Submit'));
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/co-applicants'), SLOW);
    const entries = await recordEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.request).toMatchObject({ method: 'POST', url: '/v1/app/mfi/{app}/co-applicant' });
    expect(entries[0]!.label).toBe('Co-borrower'); // a kind: the label is stored in clear
    const body = entries[0]!.request.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: NEW,
      type: 'CO_BORROWER',
      name: 'RAMESH YADAV',
      pan: 'CRYPY5532L',
      dob: '1982-09-03',
      income: 25000,
      pan_file: { $file: `file-${NEW.slice(0, 4)}-pan_file` },
      aadhaar_front_file: { $file: `file-${NEW.slice(0, 4)}-aadhaar_front_file` },
      voter_id_file: null,
    });
    expect(body).not.toHaveProperty('deviations');
    expect(body).not.toHaveProperty('id_to_replace');
    const record = await db.records.get(NEW);
    expect(record).toMatchObject({ kind: 'co_applicant', syncState: 'pending', values: { name: 'RAMESH YADAV', record_index: 0 } });
    expect(await db.drafts.get(`${LOCAL}:co_applicant.${NEW}`)).toBeUndefined();
  });

  it('issue 31 N14: the voter ID file is marked required before Submit for a co-borrower not male, not for a guarantor; Submit without it shows the first message of coApplicantSchema in the banner', async () => {
    const voterFile = () => document.querySelector<HTMLInputElement>('[data-field$=".voter_id_file"] input[type=file]')!;
    const voterLabel = () => document.querySelector('[data-field$=".voter_id_file"] .field-label')?.textContent;
    setOnline(false);
    await seedForm(NEW, { ...RAMESH, gender: 'FEMALE', voter_id: 'XKD3456787' });
    await openDetails(`type=CO_BORROWER&co_applicant_id=${NEW}`);
    await waitFor(() => expect(voterFile().required).toBe(true), SLOW);
    expect(voterLabel()).toMatch(/ \(required\)$/);
    expect(document.querySelector<HTMLInputElement>('[data-field$=".voter_id_back_file"] input[type=file]')!.required).toBe(false);
    fireEvent.click(submitButton('Submit'));
    expect((await screen.findByText('Voter ID file is required for co-borrower', undefined, SLOW)).getAttribute('role')).toBe('alert');
    expect(await recordEntries()).toHaveLength(0);
    teardown();

    await seedForm(NEW, { ...RAMESH, type: 'GUARANTOR', gender: 'FEMALE' });
    await openDetails(`type=GUARANTOR&co_applicant_id=${NEW}`);
    await waitFor(() => expect(voterFile()).toBeTruthy(), SLOW);
    expect(voterFile().required).toBe(false);
    expect(voterLabel()).not.toMatch(/required/);
  });

  it("the replace flow: its title and banner, 'Replace Guarantor', and id_to_replace in the body", async () => {
    setOnline(false);
    const rejected = coApplicantId(3);
    await seedRecord(rejected, {
      ...RAMESH,
      id: rejected,
      type: 'GUARANTOR',
      name: 'VIKRAM JOSHI',
      status: 'REJECTED',
      approval_checks: { decision: 'REJECTED', rejected: true },
    });
    await seedForm(NEW, { ...RAMESH, type: 'GUARANTOR', name: 'MOHAN LAL', pan: 'DMLPL6643M' });
    await openDetails(`type=GUARANTOR&rejected_guarantor_id=${rejected}&co_applicant_id=${NEW}`);
    expect(screen.getByRole('heading', { name: 'Replace Rejected Guarantor', level: 1 })).toBeTruthy();
    expect(screen.getByText("You're replacing a rejected guarantor. Please provide new details.")).toBeTruthy();
    fireEvent.click(submitButton('Replace Guarantor'));
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/co-applicants'), SLOW);
    const entries = await recordEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.request).toMatchObject({ method: 'POST', url: '/v1/app/mfi/{app}/co-applicant/replace' });
    expect(entries[0]!.request.body).toMatchObject({ id: NEW, type: 'GUARANTOR', name: 'MOHAN LAL', id_to_replace: rejected });
    // The list hides the rejected guarantor at once.
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'MOHAN LAL' })).toBeTruthy();
    expect(screen.queryByText('VIKRAM JOSHI')).toBeNull();
  });

  it("online: Verify Voter Id, then a name mismatch turns Submit into 'Continue with Deviation', which sends the deviation", async () => {
    const sunita = { ...RAMESH, name: 'SUNITA KUMARI', gender: 'FEMALE', title: 'Smt.', pan: 'FSKPK2231P', voter_id: 'XKD3456787' };
    await seedForm(NEW, sunita, { pan: { pan: 'FSKPK2231P', name: 'SUNITA KUMARI' } });
    await seedFile(NEW, 'voter_id_file');
    vi.mocked(verifyVoterId).mockResolvedValue({ success: true, data: { result: { name: 'SUNITA DEVI', voter_id: 'XKD3456787' } } });
    const result = { is_match: false, score: 0.5 };
    vi.mocked(matchNames).mockResolvedValue({ success: true, data: result });
    await openDetails(`type=CO_BORROWER&co_applicant_id=${NEW}`);

    // The one verified badge (issue 21 D9): a mark, not a faded button.
    expect(screen.getByText('PAN Verified ✓').className).toBe('verified-badge');
    expect(screen.queryByRole('button', { name: 'PAN Verified ✓' })).toBeNull();
    expect((screen.getByLabelText('PAN') as HTMLInputElement).readOnly).toBe(true);
    // The voter ID is required for her and not yet verified: Submit waits.
    expect(submitButton('Submit').disabled).toBe(true);
    fireEvent.click(submitButton('Verify Voter Id'));
    expect((await screen.findByText('Voter Id Verified ✓', undefined, SLOW)).className).toBe('verified-badge');
    expect(vi.mocked(verifyVoterId)).toHaveBeenCalledWith('XKD3456787', ID);
    await waitFor(() =>
      expect(vi.mocked(matchNames)).toHaveBeenCalledWith(ID, [
        { value: 'SUNITA KUMARI', source: 'PAN' },
        { value: 'SUNITA DEVI', source: 'VOTER_ID' },
        { value: 'SUNITA KUMARI', source: 'INPUT' },
      ]),
    );
    expect(await screen.findByText('Name mismatch detected. Please review or continue with deviation.')).toBeTruthy();
    const proceed = await screen.findByRole('button', { name: 'Continue with Deviation' });
    await waitFor(() => expect((proceed as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(proceed);

    await waitFor(async () => expect(await recordEntries()).toHaveLength(1));
    const body = (await recordEntries())[0]!.request.body as Record<string, unknown>;
    expect(body.deviations).toEqual([{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', info: result }]);
    expect(body.voter_id).toBe('XKD3456787');
  });

  it("issue 31 N7: in the public flow the borrower reads plain words for a name mismatch, not 'Continue with Deviation'", async () => {
    removeToken();
    resetProfile();
    setGuestToken('guest-1');
    const sunita = { ...RAMESH, name: 'SUNITA KUMARI', gender: 'FEMALE', title: 'Smt.', pan: 'FSKPK2231P', voter_id: 'XKD3456787' };
    await seedForm(NEW, sunita, { pan: { pan: 'FSKPK2231P', name: 'SUNITA KUMARI' } });
    await seedFile(NEW, 'voter_id_file');
    vi.mocked(verifyVoterId).mockResolvedValue({ success: true, data: { result: { name: 'SUNITA DEVI', voter_id: 'XKD3456787' } } });
    vi.mocked(matchNames).mockResolvedValue({ success: true, data: { is_match: false, score: 0.5 } });
    await openDetails(`type=CO_BORROWER&co_applicant_id=${NEW}`, '/apply-loan');

    fireEvent.click(submitButton('Verify Voter Id'));
    expect(
      await screen.findByText(
        'The name on their documents is not the same as the name you typed. Check it, or continue and the branch will check it with you.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue anyway' })).toBeTruthy();
    expect(screen.queryByText(/deviation/i)).toBeNull();
  });

  it('online: Verify PAN reads PAN Verified ✓; an unverified PAN keeps Submit disabled', async () => {
    await seedForm(NEW, RAMESH);
    vi.mocked(verifyPan).mockResolvedValue({ success: true, data: { name_pan_card: 'RAMESH YADAV', pan: 'CRYPY5532L' } });
    vi.mocked(matchNames).mockResolvedValue({ success: true, data: { is_match: true, score: 1 } });
    await openDetails(`type=CO_BORROWER&co_applicant_id=${NEW}`);
    const submit = submitButton('Submit');
    expect(submit.disabled).toBe(true);
    expect(document.getElementById(submit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Verify the PAN (and the voter ID when given) before submitting.',
    );
    fireEvent.click(submitButton('Verify PAN'));
    expect((await screen.findByText('PAN Verified ✓', undefined, SLOW)).className).toBe('verified-badge');
    expect(screen.getByText('Name on PAN: RAMESH YADAV')).toBeTruthy();
    await waitFor(() => expect(submitButton('Submit').disabled).toBe(false));
    expect(screen.queryByText('Name mismatch detected. Please review or continue with deviation.')).toBeNull();
  });

  it("online: a rejected answer shows 'Application Rejected!' and replaces the form with the rejection page", async () => {
    await seedForm(
      NEW,
      RAMESH,
      { pan: { pan: 'CRYPY5532L', name: 'RAMESH YADAV' }, match: { input: 'RAMESH YADAV', result: { is_match: true, score: 1 } } },
      true,
    );
    const engine = createSyncEngine({
      db,
      transport: async (request) => ({
        status: 200,
        body: {
          success: true,
          data: {
            ...(request.kind === 'json' ? (request.body as object) : {}),
            status: 'REJECTED',
            approval_checks: { decision: 'REJECTED', rejected: true },
          },
        },
      }),
    });
    await openDetails(`type=CO_BORROWER&co_applicant_id=${NEW}`);
    await waitFor(() => expect(submitButton('Submit').disabled).toBe(false));
    fireEvent.click(submitButton('Submit'));
    await waitFor(async () => expect(await recordEntries()).toHaveLength(1));
    // The form waits for the answer of the submit it queued (aria-busy) before the engine sends it.
    await waitFor(() => expect(document.querySelector('form.co-applicant-form')?.getAttribute('aria-busy')).toBe('true'));
    await act(() => engine.drain());
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/rejection'), SLOW);
    expect(currentLocation().navigation).toBe('REPLACE');
    expect(document.querySelector('[data-rht-toaster]')?.textContent).toContain('Application Rejected!');
    expect((await db.records.get(NEW))?.server).toMatchObject({ status: 'REJECTED' });
  });

  it('a new form gets a client id when it first opens, and the next opening of that form keeps it with its draft; the back link and the sections are where every step form has them (issue 21 D18)', async () => {
    setOnline(false);
    await openDetails('type=GUARANTOR&record_index=1');
    // Details, documents, then Back first in the actions row.
    const back = screen.getByRole('link', { name: 'Back to co-borrowers and guarantors' });
    expect(back.getAttribute('href')).toBe(`/application/co-applicants?id=${ID}`);
    const row = back.parentElement!;
    expect(row.className).toContain('family-form__actions');
    expect([...row.children].map((child) => child.textContent)).toEqual(['Back to co-borrowers and guarantors', 'Submit']);
    // Not above the title as well.
    expect(screen.getAllByRole('link', { name: 'Back to co-borrowers and guarantors' })).toHaveLength(1);
    // The details first, the documents after them, as on the family, KYC and employment forms.
    const legends = [...document.querySelectorAll('form legend')].map((legend) => legend.textContent);
    expect(legends.indexOf('Documents')).toBeGreaterThan(legends.indexOf('Address'));
    expect(legends.indexOf('Address')).toBeGreaterThan(legends.indexOf('Personal details'));

    const saved = (await db.drafts.get(`${LOCAL}:co_applicant.new`))?.values as Record<string, string>;
    expect(saved.GUARANTOR).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'MOHAN' } });
    await waitFor(async () =>
      expect((await db.drafts.get(`${LOCAL}:co_applicant.${saved.GUARANTOR}`))?.values).toMatchObject({
        values: { name: 'MOHAN', type: 'GUARANTOR' },
      }),
    );
    cleanup();
    await openDetails('type=GUARANTOR&record_index=1');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('MOHAN');
    expect((await db.drafts.get(`${LOCAL}:co_applicant.new`))?.values).toEqual(saved);
  });

  it('a record the server has is PATCHed, its server file ids standing for the files', async () => {
    setOnline(false);
    const existing = coApplicantId(1);
    await seedRecord(existing, {
      ...RAMESH,
      id: existing,
      dob: '1982-09-03',
      status: 'ACTIVE',
      pan_file: '1'.repeat(32),
      aadhaar_front_file: '2'.repeat(32),
      aadhaar_back_file: '3'.repeat(32),
    });
    await openDetails(`co_applicant_id=${existing}`);
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('RAMESH YADAV');
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('03-09-1982');
    fireEvent.click(submitButton('Submit'));
    // Submit reads the files, writes the outbox, then the list screen loads (lazily).
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/co-applicants'), SLOW);
    const entries = await recordEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.request).toMatchObject({ method: 'PATCH', url: `/v1/app/mfi/co-applicant/${existing}` });
    expect(entries[0]!.request.body).toMatchObject({ id: existing, pan_file: '1'.repeat(32), aadhaar_back_file: '3'.repeat(32) });
  });

  it("a reviewer sees the server's documents, and upload boxes only after 'Upload Documents'", async () => {
    setOnline(false);
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    const existing = coApplicantId(2);
    await seedRecord(existing, { ...RAMESH, id: existing, dob: '1982-09-03', status: 'ACTIVE', pan_file: '1'.repeat(32) });
    await openDetails(`co_applicant_id=${existing}`);
    const toggle = submitButton('Upload Documents');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: /Capture Image/ })).toBeNull();
    // Offline the previews say so; a document the server lacks says there is none.
    expect(screen.getAllByText('Needs connection').length).toBeGreaterThan(0);
    expect(screen.getAllByText('No preview available').length).toBeGreaterThan(0);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { name: /Capture Image/ }).length).toBeGreaterThan(0);
  });
});
