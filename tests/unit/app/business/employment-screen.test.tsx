// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import * as z from 'zod/mini';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonRequest } from '../../../../src/app/db/records';
import { employmentInfoSchema } from '../../../../src/domain';
import { employmentInputId } from '../../../../src/app/features/employment/employment-fields';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { removeToken, setGuestToken, setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, putDraft, putFileWithBlob } from './business-support';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/server-file.api', () => ({
  fetchFileUrl: vi.fn(async (id: string) => ({ success: true, data: { file_url: `/api/files/${id}?sig=x` } })),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));

const SLOW = { timeout: 10_000 };

describe('employment and personal discussion (/application/employment, /application/personal-discussion)', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it('offline: the company pincode fills city and state read-only, the salary slips are asked in order, Next queues employment-info', async () => {
    setOnline(false);
    await putDraft('employment', appLocalId, { company_name: 'Jaipur Textiles', company_address_type: 'Business' });
    const user = userEvent.setup();
    renderRoutes(`/application/personal-discussion?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Personal Discussion', level: 1 }, SLOW)).toBeTruthy();
    await user.type(await screen.findByLabelText('Pincode', undefined, SLOW), '302001');
    const city = document.getElementById('employment-company_city') as HTMLInputElement;
    await waitFor(() => expect(city.value).toBe('Jaipur'), SLOW);
    expect(city.readOnly).toBe(true);
    expect((document.getElementById('employment-company_state') as HTMLInputElement).value).toBe('Rajasthan');

    const next = () => user.click(screen.getByRole('button', { name: 'Next' }));
    await next();
    await waitFor(() => expect(document.getElementById('employment-error')?.textContent).toBe('Missing salary slip 1'), SLOW);
    await putFileWithBlob(appLocalId, 'employment.salary_slip1', 'slip1');
    await next();
    await waitFor(() => expect(document.getElementById('employment-error')?.textContent).toBe('Missing salary slip 2'), SLOW);
    await putFileWithBlob(appLocalId, 'employment.salary_slip2', 'slip2');
    await putFileWithBlob(appLocalId, 'employment.salary_slip3', 'slip3');
    await next();
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/bank-account-details'), SLOW);
    const request = (await db.outbox.toArray()).find((e) => e.request.kind === 'json')!.request as JsonRequest;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/app/mfi/{app}/employment-info' });
    expect(request.body).toMatchObject({ company_pincode: '302001', company_city: 'Jaipur', salary_slip3: { $file: 'slip3' } });
    expect((await db.applications.get(appLocalId))?.stage).toContain('BUSINESS_INFO');
  });
  it("shows the officer the employment and bank account steps; a borrower applying herself sees no bank account step (it is the branch's)", async () => {
    renderRoutes(`/application/employment?id=${APP_ID}`);
    await settleNavigation();
    const steps = await screen.findByRole('navigation', { name: 'Application steps' }, SLOW);
    expect(within(steps).getByText('Bank account')).toBeTruthy();
    cleanup();
    removeToken();
    setGuestToken('guest-1');
    renderRoutes(`/apply-loan/employment?id=${APP_ID}`);
    await settleNavigation();
    await waitFor(() => expect(document.getElementById(employmentInputId('company_name'))).not.toBeNull(), SLOW);
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).toBeNull();
  });

  it('every optional field says so, in English and in Hindi (issue 21 D18: one convention across the step forms)', async () => {
    const shape = (employmentInfoSchema as unknown as { _zod: { def: { shape: Record<string, z.ZodMiniType> } } })._zod.def.shape;
    const optional = Object.keys(shape).filter((field) => z.safeParse(shape[field]!, undefined).success);
    // The pincode lookup fills city and state (read-only); the others are typed.
    const typed = optional.filter((field) => field !== 'company_city' && field !== 'company_state' && field !== 'company_id_card');
    expect(typed.length).toBeGreaterThan(5);
    for (const [language, mark] of [
      ['en', '(optional)'],
      ['hi', '(वैकल्पिक)'],
    ] as const) {
      await setLanguage(language);
      renderRoutes(`/application/employment?id=${APP_ID}`);
      await settleNavigation();
      await waitFor(() => expect(document.getElementById(employmentInputId('company_name'))).not.toBeNull(), SLOW);
      for (const field of typed) {
        const label = document.querySelector(`label[for="${employmentInputId(field)}"]`)?.textContent ?? '';
        expect(label.endsWith(mark), `${language} ${field}: ${label}`).toBe(true);
      }
      const required = document.querySelector(`label[for="${employmentInputId('company_pincode')}"]`)?.textContent ?? '';
      expect(required).not.toContain(mark);
      cleanup();
    }
  });

  it("a reviewer sees the server's employment documents, and upload boxes only after 'Upload Documents'", async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER' }));
    await db.applications.update(appLocalId, {
      server: {
        id: APP_ID,
        status: 'PD1_REVIEW',
        app_mfi_employment_info: { company_name: 'Jaipur Textiles', salary_slip1: 'd'.repeat(32) },
      },
    });
    const user = userEvent.setup();
    renderRoutes(`/application/employment?id=${APP_ID}`);
    await settleNavigation();
    const toggle = await screen.findByRole('button', { name: 'Upload Documents' }, SLOW);
    expect(document.querySelector('input[type=file]')).toBeNull();
    await user.click(toggle);
    expect(document.querySelectorAll('input[type=file]').length).toBeGreaterThanOrEqual(4);
  });
});
