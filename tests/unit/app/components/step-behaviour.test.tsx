// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_FIGURES, RESIDENCE_FIGURES, type Profile } from '../../../../src/domain';
import type { OutboxEffect, OutboxEntry } from '../../../../src/app/db/records';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { APP_ID, db, freshApplication, putBanks, putDraft, putFileWithBlob, VALID_BUSINESS } from '../business/business-support';
import { makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/banking.api', () => ({ readStatementIdentity: vi.fn(() => new Promise(() => {})), requestCam: vi.fn() }));
vi.mock('../../../../src/app/api/business-lookups.api', () => ({
  refreshBankList: vi.fn(async () => {}),
  refreshBusinessCategories: vi.fn(async () => {}),
}));

/**
 * Issue 20 "one way for a step to behave": the four steps read side by side (business, CPV,
 * references, family member) answer a server refusal and a success in the same way. One table
 * drives the same assertions through each real screen.
 */

const SLOW = { timeout: 15_000 };
const OFFICER = makeProfile();
const BCM = makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER', first_name: 'Meena' });
const MEMBER_ID = 'ab'.repeat(16);
const HERE = { latitude: 19.998, longitude: 73.791 };
const figures = (spec: Record<string, unknown>, value: string) => Object.fromEntries(Object.keys(spec).map((k) => [k, value]));
const image = (appLocalId: string, field: string, localId: string) =>
  putFileWithBlob(appLocalId, field, localId, { mime: 'image/jpeg', name: `${localId}.jpg`, geo: HERE });

type StepCase = {
  step: string;
  profile: Profile;
  path: string;
  heading: string;
  submit: string;
  /** The section the step's form is in (CPV has two forms on its screen). */
  within?: string;
  bannerId: string;
  /** A valid form on the phone: its draft and files. */
  seed: (appLocalId: string) => Promise<void>;
  /** The request a refused earlier submit made, and its local effect. */
  refused: { url: string; method: 'POST' | 'PATCH'; effect: OutboxEffect };
  /** A refusal naming one of the step's fields by its wire name, and that field's upload box; none for a step without fields. */
  fieldRefusal: { message: string; uploadField: string } | null;
  /** The step's own success toast when it goes at once. */
  sent: string;
};

const STEPS: StepCase[] = [
  {
    step: 'business',
    profile: OFFICER,
    path: `/application/business?id=${APP_ID}`,
    heading: 'Business Details',
    submit: 'Next',
    bannerId: 'business-error',
    seed: async (appLocalId) => {
      await putBanks();
      await putDraft('business', appLocalId, VALID_BUSINESS);
      await putFileWithBlob(appLocalId, 'business.bank_statement', 'stmt-a');
      await putFileWithBlob(appLocalId, 'business.upload_business_proof', 'proof');
      await putFileWithBlob(appLocalId, 'business.business_ownership_proof_file', 'owner');
    },
    refused: { url: '/v1/app/mfi/{app}/business-detail', method: 'POST', effect: { type: 'application-answer', applicationLocalId: '' } },
    fieldRefusal: {
      message: 'Invalid file: upload_business_proof is not an upload of this application',
      uploadField: 'business.upload_business_proof',
    },
    sent: 'Form submitted successfully!',
  },
  {
    step: 'CPV',
    profile: BCM,
    path: `/application/cpv-info?id=${APP_ID}`,
    heading: 'Field Verification (CPV)',
    submit: 'Submit Business CPV',
    within: 'cpv-business_place',
    bannerId: 'cpv-business_place-error',
    seed: async (appLocalId) => {
      await db.applications.update(appLocalId, {
        status: 'PD1_COMPLETE',
        phone: '9876501234',
        server: { id: APP_ID, status: 'PD1_COMPLETE', phone: '9876501234', deviations: [] },
      });
      await putDraft('cpv_business_place', appLocalId, {
        ...figures(BUSINESS_FIGURES, '1000'),
        gross_margin_percentage: '22.5',
        online_sales_percentage: '10',
        remarks: '',
      });
      await putDraft('cpv_residence', appLocalId, { ...figures(RESIDENCE_FIGURES, '500'), remarks: '' });
      await image(appLocalId, 'cpv.shop_photo_file', 'shop');
      await image(appLocalId, 'cpv.shop_selfie_photo_file', 'selfie');
      await image(appLocalId, 'cpv.qr_code_upload', 'qr');
    },
    refused: { url: '/v1/app/mfi/{app}/business-cpv-info', method: 'POST', effect: { type: 'application-answer', applicationLocalId: '' } },
    fieldRefusal: {
      message: 'Invalid file: shop_photo_file is not an upload of this application',
      uploadField: 'cpv.shop_photo_file',
    },
    sent: 'Form submitted successfully!',
  },
  {
    step: 'references',
    profile: BCM,
    path: `/application/references?id=${APP_ID}`,
    heading: 'References',
    submit: 'Submit',
    bannerId: 'references-error',
    seed: async (appLocalId) => {
      await db.applications.update(appLocalId, { status: 'PD1_COMPLETE', server: { id: APP_ID, status: 'PD1_COMPLETE' } });
      await putDraft('references', appLocalId, {
        reference_list: [
          { id: '1'.repeat(32), type: 'PERSONAL_REFERENCE', name: 'Shree Ram', phone: '9876543210', address: '14 Gandhi Nagar, Nashik' },
        ],
      });
    },
    refused: { url: '/v1/app/mfi/{app}/reference', method: 'PATCH', effect: { type: 'application-answer', applicationLocalId: '' } },
    // The list has no field of its own: every refusal is read in its banner.
    fieldRefusal: null,
    sent: 'Reference(s) added successfully!',
  },
  {
    step: 'family member',
    profile: OFFICER,
    path: `/application/family-detail-form?id=${APP_ID}&family_member_id=${MEMBER_ID}`,
    heading: 'Family Member Details',
    submit: 'Submit',
    bannerId: 'family-error',
    seed: async (appLocalId) => {
      await putDraft(`family_member.${MEMBER_ID}`, appLocalId, {
        name: 'Sita Devi',
        relation_to_borrower: 'Daughter',
        phone: '9876543210',
        email: '',
        pan: 'ABCPD1234F',
        guardian_name: 'Ram Lal',
        guardian_relationship: 'Father',
        gender: 'FEMALE',
        dob: '12-05-1990',
        education_qualification: '10th Pass',
        income: '15000',
        pincode: '302001',
        city: 'Jaipur',
        state: 'Rajasthan',
        address: '12 Station Road',
      });
      for (const field of ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'])
        await image(appLocalId, `family_member.${MEMBER_ID}.${field}`, `member-${field}`);
    },
    refused: { url: '/v1/app/mfi/{app}/family-member', method: 'POST', effect: { type: 'record-answer', recordLocalId: MEMBER_ID } },
    fieldRefusal: {
      message: 'Invalid file: pan_file is not an upload of this application',
      uploadField: `family_member.${MEMBER_ID}.pan_file`,
    },
    sent: 'Form submitted successfully!',
  },
];

/** What the server said to an earlier submit of the step, parked for a person (as the sync engine leaves it). */
async function putRefused(appLocalId: string, step: StepCase, message: string): Promise<number> {
  const effect =
    step.refused.effect.type === 'application-answer' ? { ...step.refused.effect, applicationLocalId: appLocalId } : step.refused.effect;
  if (effect.type === 'record-answer')
    await db.records.put({
      localId: effect.recordLocalId,
      applicationLocalId: appLocalId,
      kind: 'family_member',
      values: { id: effect.recordLocalId, name: 'Sita Devi' },
      syncState: 'needs_attention',
      createdAt: 1,
      updatedAt: 1,
    });
  const entry: OutboxEntry = {
    idempotencyKey: `refused-${step.step}`,
    label: step.step,
    applicationLocalId: appLocalId,
    request: { kind: 'json', base: 'main', method: step.refused.method, url: step.refused.url, body: {} },
    effect,
    state: 'needs_attention',
    attempts: 1,
    nextAttemptAt: 0,
    lastError: message,
    lastStatus: 400,
    createdAt: 1,
  };
  return db.outbox.add(entry);
}

async function open(step: StepCase) {
  renderRoutes(step.path);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: step.heading, level: 1 }, SLOW)).toBeTruthy();
  const button = await screen.findByRole('button', { name: step.submit }, SLOW);
  return step.within ? within(screen.getByTestId(step.within)).getByRole('button', { name: step.submit }) : button;
}

const banner = (step: StepCase) => document.getElementById(step.bannerId);
const queuedTo = async (step: StepCase) =>
  (await db.outbox.toArray()).filter((e) => e.state === 'pending' && e.request.kind === 'json' && e.request.url === step.refused.url);

describe.each(STEPS)('every step alike: $step', (step) => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(step.profile);
    await step.seed(appLocalId);
  });
  afterEach(teardown);

  it("a server refusal reopens the form with the server's reason in the banner (focused); the resubmit replaces the refused item and says it went", async () => {
    const reason = 'This application was changed by someone else: open it again';
    const refusedSeq = await putRefused(appLocalId, step, reason);
    const user = userEvent.setup();
    const submit = await open(step);

    await waitFor(() => expect(banner(step)?.textContent).toBe(reason), SLOW);
    expect(banner(step)?.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(banner(step)), SLOW);
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    await user.click(submit);
    expect(await screen.findByText(step.sent, undefined, SLOW)).toBeTruthy();
    await waitFor(async () => expect(await queuedTo(step)).toHaveLength(1), SLOW);
    await waitFor(async () => expect(await db.outbox.get(refusedSeq)).toBeUndefined(), SLOW);
    expect((await db.outbox.toArray()).filter((e) => e.state === 'needs_attention')).toHaveLength(0);
  });

  it.runIf(step.fieldRefusal !== null)("a refusal naming a field puts the server's reason on that field", async () => {
    const { message, uploadField } = step.fieldRefusal!;
    await putRefused(appLocalId, step, message);
    await open(step);

    await waitFor(() => expect(banner(step)?.textContent).toBe(message), SLOW);
    // The focus is on the field the reason is about (its upload box), which the banner's message names.
    await waitFor(() => expect(document.activeElement?.closest(`[data-field="${uploadField}"]`)).toBeTruthy(), SLOW);
    expect(document.querySelector(`[data-field="${uploadField}"]`)?.closest('[class*="--invalid"]')).toBeTruthy();
  });

  it('offline, the success toast says the form is saved on the phone; online, the step says it went', async () => {
    setOnline(false);
    const user = userEvent.setup();
    const submit = await open(step);
    await user.click(submit);
    expect(await screen.findByText('Saved on this phone: it is sent when there is a connection.', undefined, SLOW)).toBeTruthy();
    await waitFor(async () => expect(await queuedTo(step)).toHaveLength(1), SLOW);
    expect(screen.queryByText(step.sent)).toBeNull();
  });
});
