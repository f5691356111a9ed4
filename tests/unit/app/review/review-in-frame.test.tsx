// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication } from '../family-members/family-members-support';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/business-lookups.api', () => ({
  refreshBankList: vi.fn(async () => {}),
  refreshBusinessCategories: vi.fn(async () => {}),
}));

const SLOW = { timeout: 10_000 };

describe('the application frame renders the review section on its screens', () => {
  let localId: string;
  beforeEach(async () => {
    resetDevice();
    localId = await freshApplication();
    setToken('tok-1');
  });
  afterEach(teardown);

  it("a branch manager on the family step sees the status and 'Complete PD1' above the screen", async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER' }));
    await db.applications.update(localId, { status: 'DRAFT', server: { id: APP_ID, status: 'DRAFT' } });
    renderRoutes(`/application/family-details?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Add Family Members', level: 1 }, SLOW)).toBeTruthy();
    const review = (await screen.findByRole('heading', { name: 'Review', level: 2 }, SLOW)).closest('section')!;
    expect(within(review).getByText('Status: Draft')).toBeTruthy();
    expect(within(review).getByRole('button', { name: 'Complete PD1' })).toBeTruthy();
    // The review section comes before the screen's own content.
    const list = screen.getByRole('heading', { name: 'Add Family Members', level: 1 }).closest('section')!;
    expect(list.contains(review)).toBe(true);
  });

  it('the officer in PD1_REVIEW reads the remarks in Hindi with who sent it back', async () => {
    setProfile(makeProfile());
    await db.applications.update(localId, {
      status: 'PD1_REVIEW',
      server: {
        id: APP_ID,
        status: 'PD1_REVIEW',
        remarks: 'old remark',
        history: [
          {
            at: '2026-11-20T10:15:00.000Z',
            actor_name: 'Arjun Singh',
            actor_designation: 'BRANCH_MANAGER',
            action: 'MOVED',
            from: 'PD1_COMPLETE',
            to: 'PD1_REVIEW',
            remarks: 'परिवार के सदस्य का पैन फिर से लगाएँ',
          },
        ],
      },
    });
    setLanguage('hi');
    renderRoutes(`/application/family-details?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByRole('button', { name: 'फिर से जमा करें' }, SLOW)).toBeTruthy();
    expect(screen.getByText('स्थिति: PD1 समीक्षा के लिए वापस भेजा गया')).toBeTruthy();
    // The frame's yellow panel, once (its content loads with it): the latest send-back's remarks and who sent it back.
    await screen.findByText('परिवार के सदस्य का पैन फिर से लगाएँ', { selector: '.review-remarks__text' }, SLOW);
    const panels = document.querySelectorAll('section.review-remarks');
    expect(panels).toHaveLength(1);
    expect(panels[0]!.textContent).toContain('परिवार के सदस्य का पैन फिर से लगाएँ');
    expect(panels[0]!.textContent).toContain('Arjun Singh (ब्रांच मैनेजर) ने 20-11-2026');
  });

  it.each(['kyc', 'co-applicants', 'business', 'bank-account-details', 'employment', 'success'])(
    'on /application/%s in PD2_REVIEW the yellow panel shows once',
    async (route) => {
      setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
      await db.applications.update(localId, {
        status: 'PD2_REVIEW',
        server: { id: APP_ID, status: 'PD2_REVIEW', remarks: 'Recheck the shop photo' },
      });
      renderRoutes(`/application/${route}?id=${APP_ID}`);
      await settleNavigation();
      expect(await screen.findByText('Recheck the shop photo', undefined, SLOW)).toBeTruthy();
      await settleNavigation();
      expect(document.querySelectorAll('section.review-remarks')).toHaveLength(1);
    },
  );
});
