// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '../../../../src/app/db/drafts.repository';
import type { JsonRequest } from '../../../../src/app/db/records';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, member, putFile } from './family-members-support';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));

type User = ReturnType<typeof userEvent.setup>;
/** Lazy screens and the device database under load: wait on conditions with room, not on the default second. */
const SLOW = { timeout: 10_000 };
const FILES = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;

const field = (id: string) => document.getElementById(`family-${id}`) as HTMLInputElement;
const banner = () => document.getElementById('family-error');
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Submit' }));

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'button' }));
  await user.click(await screen.findByRole('option', { name: option }, SLOW));
}

/** Every typed field valid (the documents are separate). */
async function fillValid(user: User) {
  await user.type(screen.getByLabelText('Full name'), 'Sita Devi');
  await choose(user, 'Relationship with borrower', 'Daughter');
  await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
  await user.type(screen.getByLabelText('PAN', { selector: '#family-pan' }), 'abcpd1234f');
  await user.type(screen.getByLabelText("Father's/Husband's/Guardian's Name"), 'Ram Lal');
  await choose(user, 'Relationship with guardian', 'Father');
  await choose(user, 'Gender', 'Female');
  await user.type(screen.getByLabelText('Date of birth'), '12051990');
  expect(field('dob').value).toBe('12-05-1990');
  await choose(user, 'Education qualification', '10th Pass');
  await user.type(screen.getByLabelText('Monthly income (₹)'), '15000');
  await user.type(screen.getByLabelText('Pincode'), '302001');
  await waitFor(() => expect(field('city').value).toBe('Jaipur'), SLOW);
  expect(field('state').value).toBe('Rajasthan');
  expect(field('city').readOnly).toBe(true);
  await user.type(screen.getByLabelText('Address'), '12 Station Road');
}

/** The client id the new member's form got when it opened. */
async function newMemberId(appLocalId: string): Promise<string> {
  let id = '';
  await waitFor(async () => {
    const pointer = await db.drafts.get(draftKey('family_member.new', appLocalId));
    id = String(pointer?.values.localId ?? '');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  }, SLOW);
  return id;
}

async function openForm(query: string) {
  const view = renderRoutes(`/application/family-detail-form?id=${APP_ID}&${query}`);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Family Member Details', level: 1 }, SLOW)).toBeTruthy();
  await screen.findByLabelText('Full name', undefined, SLOW);
  return view;
}

describe('family member form (/application/family-detail-form)', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it('shows the first message of spec 02 §5 in the banner, files included', async () => {
    const user = userEvent.setup();
    await openForm('record_index=0');
    const localId = await newMemberId(appLocalId);

    await submit(user);
    await waitFor(() => expect(banner()?.textContent).toBe('Invalid name'), SLOW);
    // Every step alike: the focus goes to the field the message is about, which the banner describes.
    expect(document.activeElement).toBe(field('name'));
    expect(field('name').getAttribute('aria-invalid')).toBe('true');
    expect(field('name').getAttribute('aria-describedby')).toContain('family-error');

    await user.type(screen.getByLabelText('Full name'), 'Sita Devi');
    expect(banner()).toBeNull(); // a change clears the message
    await submit(user);
    // The member's relation to the borrower comes next (issue 31 N5).
    await waitFor(() => expect(banner()?.textContent).toBe('Please select the relation to the borrower'), SLOW);
    await choose(user, 'Relationship with borrower', 'Daughter');
    await submit(user);
    await waitFor(() => expect(banner()?.textContent).toBe('Invalid mobile number'), SLOW);

    await user.clear(screen.getByLabelText('Full name'));
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(banner()?.textContent).toBe('Missing PAN'), SLOW);

    await putFile(appLocalId, `family_member.${localId}.pan_file`, 'file-pan');
    await submit(user);
    await waitFor(() => expect(banner()?.textContent).toBe('Missing aadhaar front'), SLOW);
    expect(await db.outbox.count()).toBe(0);
  });

  it('Submit queues exactly one POST with the client id and $file references, clears the draft and goes back to the list', async () => {
    const user = userEvent.setup();
    setOnline(false); // works offline: the pincode comes from the device, the submit is queued
    await openForm('record_index=0');
    const localId = await newMemberId(appLocalId);
    await fillValid(user);
    for (const name of FILES) await putFile(appLocalId, `family_member.${localId}.${name}`, `file-${name}`);
    await waitFor(
      async () => expect((await db.drafts.get(draftKey(`family_member.${localId}`, appLocalId)))?.values.name).toBe('Sita Devi'),
      SLOW,
    );

    await submit(user);
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/family-details'), SLOW);

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    const request = entries[0]!.request as JsonRequest;
    expect(request).toMatchObject({ kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi/{app}/family-member' });
    expect(entries[0]!.effect).toEqual({ type: 'record-answer', recordLocalId: localId });
    expect(entries[0]!.label).toBe('Family member'); // a kind: the label is stored in clear
    expect(request.body).toEqual({
      id: localId,
      name: 'Sita Devi',
      relation_to_borrower: 'Daughter',
      phone: '9876543210',
      email: '',
      pan: 'ABCPD1234F',
      guardian_name: 'Ram Lal',
      guardian_relationship: 'Father',
      pincode: '302001',
      city: 'Jaipur',
      state: 'Rajasthan',
      address: '12 Station Road',
      gender: 'FEMALE',
      dob: '1990-05-12',
      education_qualification: '10th Pass',
      income: 15000,
      pan_file: { $file: 'file-pan_file' },
      aadhaar_front_file: { $file: 'file-aadhaar_front_file' },
      aadhaar_back_file: { $file: 'file-aadhaar_back_file' },
      voter_id_file: { $file: 'file-voter_id_file' },
    });
    expect(await db.drafts.get(draftKey(`family_member.${localId}`, appLocalId))).toBeUndefined();
    expect(await db.drafts.get(draftKey('family_member.new', appLocalId))).toBeUndefined();
    const record = await db.records.get(localId);
    expect(record).toMatchObject({ kind: 'family_member', syncState: 'pending', applicationLocalId: appLocalId });
    // The list shows the new member, waiting to sync.
    expect(await screen.findByRole('article', { name: 'Sita Devi' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
  });

  it('keeps a draft per change and restores it on reload, also when Add is opened again', async () => {
    const user = userEvent.setup();
    const first = await openForm('record_index=0');
    const localId = await newMemberId(appLocalId);
    await user.type(screen.getByLabelText('Full name'), 'Sita');
    await user.type(screen.getByLabelText('Pincode'), '302001');
    await waitFor(async () => {
      const draft = await db.drafts.get(draftKey(`family_member.${localId}`, appLocalId));
      expect(draft?.values).toMatchObject({ name: 'Sita', pincode: '302001', city: 'Jaipur' });
    }, SLOW);
    first.unmount();

    const reload = await openForm(`record_index=0&family_member_id=${localId}`);
    await waitFor(() => expect(field('name').value).toBe('Sita'), SLOW);
    expect(field('city').value).toBe('Jaipur');
    reload.unmount();

    await openForm('record_index=0');
    await waitFor(() => expect(field('name').value).toBe('Sita'), SLOW);
    expect(await newMemberId(appLocalId)).toBe(localId);
  });

  it('an edit of a synced member queues a PATCH with its server file ids', async () => {
    const user = userEvent.setup();
    const synced = member(appLocalId, 1);
    const view = {
      id: synced.localId,
      application_id: APP_ID,
      name: 'Member One',
      relation_to_borrower: 'Son',
      phone: '9876543210',
      email: null,
      pan: 'ABCPD1234F',
      guardian_name: 'Ram Lal',
      guardian_relationship: 'Father',
      pincode: '302001',
      city: 'Jaipur',
      state: 'Rajasthan',
      address: '12 Station Road',
      gender: 'FEMALE',
      dob: '1990-05-12',
      education_qualification: 'Graduation',
      income: 20000,
      pan_file: 'srv-pan',
      aadhaar_front_file: 'srv-af',
      aadhaar_back_file: 'srv-ab',
      voter_id_file: 'srv-v',
    };
    await db.records.put({ ...synced, values: view, server: view });
    await openForm(`family_member_id=${synced.localId}`);
    await waitFor(() => expect(field('name').value).toBe('Member One'), SLOW);
    expect(field('income').value).toBe('20000');
    expect(field('dob').value).toBe('12-05-1990');
    expect(screen.getAllByText('Uploaded earlier: choose a file only to replace it.')).toHaveLength(4);

    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Member Uno');
    await submit(user);
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/family-details'), SLOW);

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    const request = entries[0]!.request as JsonRequest;
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe(`/v1/app/mfi/family-member/${synced.localId}`);
    expect(request.body).toMatchObject({
      id: synced.localId,
      name: 'Member Uno',
      dob: '1990-05-12',
      pan_file: 'srv-pan',
      voter_id_file: 'srv-v',
      income: 20000,
    });
    expect((await db.records.get(synced.localId))?.values).toMatchObject({ name: 'Member Uno', pan_file: 'srv-pan' });
  });
});
