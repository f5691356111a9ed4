// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listApplications } from '../../../../src/app/api/review.api';
import { listSelfApplied, takeOverApplication } from '../../../../src/app/api/self-applied.api';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/review.api', () => ({ listApplications: vi.fn() }));
vi.mock('../../../../src/app/api/self-applied.api', () => ({ listSelfApplied: vi.fn(), takeOverApplication: vi.fn() }));

const SLOW = { timeout: 10_000 };
const SUNITA = {
  id: 'c'.repeat(32),
  tracker_id: 'SAH2611000777',
  name: 'SUNITA KUMARI',
  phone: '9876500777',
  submitted_at: '2026-11-26T05:00:00.000Z',
  loan_type: 'MFI_BUSINESS_LOAN',
};

describe('Self-applied on the applications list', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    resetDevice();
    setToken('tok-1');
    vi.mocked(listApplications).mockResolvedValue({ success: true, data: { list: [], total_pages: 0, total_elements: 0 } });
    vi.mocked(listSelfApplied).mockResolvedValue({ success: true, data: [SUNITA] });
  });
  afterEach(teardown);

  it('a relationship officer takes one over and goes on to its family members', async () => {
    setProfile(makeProfile({ mfi_employee: 'RELATIONSHIP_OFFICER' }));
    vi.mocked(takeOverApplication).mockResolvedValue({ success: true, data: { application_id: SUNITA.id } });
    renderRoutes('/applications');
    await screen.findByRole('heading', { name: 'Self-applied' }, SLOW);
    expect(screen.getByText(/SUNITA KUMARI/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Take over' }));
    expect(takeOverApplication).toHaveBeenCalledWith(SUNITA.id);
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/family-details'));
  });

  it('when another officer was first it says so in words and lists again', async () => {
    setProfile(makeProfile({ mfi_employee: 'RELATIONSHIP_OFFICER' }));
    vi.mocked(takeOverApplication).mockResolvedValue({
      success: false,
      message: 'Another officer has already taken this application over.',
      status_code: 409,
    });
    renderRoutes('/applications');
    await screen.findByRole('heading', { name: 'Self-applied' }, SLOW);
    vi.mocked(listSelfApplied).mockResolvedValue({ success: true, data: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Take over' }));
    expect(await screen.findByText('Another officer has already taken this application over.', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Self-applied' })).toBeNull());
    expect(currentLocation().pathname).toBe('/applications');
  });

  it('a reviewer sees the list but takes nothing over', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER' }));
    renderRoutes('/applications');
    await screen.findByRole('heading', { name: 'Self-applied' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
  });
});
