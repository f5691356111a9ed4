// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { figureFilter, FUNNEL_STAGES, type Insights } from '../../../src/domain/ops/insights';
import { fetchInsights } from '../../../src/app/features/insights/insights.api';
import { fetchApplicationCount, fetchProfile } from '../../../src/app/api/user.api';
import { setLanguage } from '../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from './test-utils';

// Issue 36: the branch pipeline screen (the figures as the server gives them; the charts are
// Chart.js on a canvas, which jsdom cannot draw: the bars are stood in by buttons calling the same onOpen).
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api');
vi.mock('../../../src/app/features/insights/insights.api');
vi.mock('../../../src/app/features/insights/bar-chart', () => ({
  BarChart: ({ bars, label, onOpen }: { bars: { label: string; value: number }[]; label: string; onOpen: (i: number) => void }) => (
    <div data-testid={`chart ${label}`}>
      {bars.map((b, i) => (
        <button key={b.label} type="button" onClick={() => onOpen(i)}>{`bar ${b.label} ${b.value}`}</button>
      ))}
    </div>
  ),
}));

const q = { from: '2026-01-01', to: '2026-01-31', officer: null };
const COUNTS = [40, 30, 20, 12, 9, 0, 0, 0];
const INSIGHTS: Insights = {
  tenant: { key: 'sahyog', name: 'Sahyog Finance' },
  range: { from: q.from, to: q.to, officer: null },
  generated_at: '2026-02-01T04:30:00.000Z',
  funnel: FUNNEL_STAGES.map((stage, i) => ({
    stage,
    count: COUNTS[i]!,
    conversion: i === 0 || !COUNTS[i - 1] ? null : COUNTS[i]! / COUNTS[i - 1]!,
    filter: figureFilter(stage === 'CREATED' ? { kind: 'created' } : { kind: 'reached', stage }, q),
  })),
  cancelled: { count: 0, filter: figureFilter({ kind: 'cancelled' }, q) },
  turnaround: {
    stages: [
      { stage: 'DRAFT', count: 20, p50_hours: 36, p90_hours: 72, filter: figureFilter({ kind: 'reached', stage: 'PD1_COMPLETE' }, q) },
      { stage: 'PD1', count: 12, p50_hours: 120, p90_hours: 200, filter: figureFilter({ kind: 'reached', stage: 'PD2_COMPLETE' }, q) },
      { stage: 'PD2', count: 9, p50_hours: 48, p90_hours: 60, filter: figureFilter({ kind: 'reached', stage: 'APPROVED' }, q) },
      {
        stage: 'AGREEMENT',
        count: 0,
        p50_hours: null,
        p90_hours: null,
        filter: figureFilter({ kind: 'reached', stage: 'AGREEMENT_SIGNED' }, q),
      },
      { stage: 'DISBURSAL', count: 0, p50_hours: null, p90_hours: null, filter: figureFilter({ kind: 'reached', stage: 'DISBURSED' }, q) },
    ],
    longest: 'PD1',
  },
  ageing: (['BRANCH_MANAGER', 'BRANCH_CREDIT_MANAGER', 'RELATIONSHIP_OFFICER'] as const).map((queue) => ({
    queue,
    buckets: (['0-1', '2-3', '4-7', '8+'] as const).map((bucket, i) => ({
      bucket,
      count: i + 1,
      filter: figureFilter({ kind: 'waiting', queue, bucket }, q),
    })),
  })),
  rejections: (['BUREAU', 'BRE', 'REVIEWER'] as const).map((reason, i) => ({
    reason,
    count: 3 - i,
    filter: figureFilter({ kind: 'rejected', reason }, q),
  })),
  deviations: [],
  officers: [
    {
      id: 1,
      name: 'Ravi Kumar',
      captured: 25,
      sent_back: 4,
      approved: 6,
      rejected: 2,
      approval_rate: 0.75,
      filters: {
        captured: figureFilter({ kind: 'created' }, { ...q, officer: 1 }),
        sent_back: figureFilter({ kind: 'sent_back' }, { ...q, officer: 1 }),
        approved: figureFilter({ kind: 'reached', stage: 'APPROVED' }, { ...q, officer: 1 }),
      },
    },
  ],
};

function signIn(designation: string) {
  const profile = makeProfile({ id: 3, first_name: 'Arjun', mobile: '9000000003', mfi_employee: designation });
  setToken('tok-1');
  setProfile(profile);
  vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: profile });
  vi.mocked(fetchApplicationCount).mockResolvedValue({ success: true, data: { count: 5 } });
}

describe('#/insights', () => {
  beforeEach(() => {
    resetDevice();
    vi.mocked(fetchInsights).mockReset().mockResolvedValue({ success: true, data: INSIGHTS });
  });
  afterEach(() => {
    setOnline(true);
    setLanguage('en');
    teardown();
  });

  it('a branch manager opens it from the dashboard; each chart has its table; a number opens its applications', async () => {
    signIn('BRANCH_MANAGER');
    const user = userEvent.setup({ delay: null });
    renderRoutes('/');
    await user.click(await screen.findByRole('link', { name: 'Branch pipeline' }, { timeout: 5000 }));
    await settleNavigation();
    const funnel = await screen.findByRole('article', { name: 'Funnel' }, { timeout: 5000 });
    const rows = within(funnel)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows.slice(0, 3)).toEqual(['Created40–', 'Left draft3075%', 'PD1 complete2066.7%']);
    expect(screen.getByText('The longest stage is PD1 to PD2: half its applications take 5 working days or more.')).toBeTruthy();
    const officers = screen.getByRole('article', { name: 'Per officer' });
    expect(within(officers).getByRole('row', { name: /Ravi Kumar/ }).textContent).toBe('Ravi Kumar254675%');
    // The officer filter offers the tenant's officers.
    await user.click(screen.getByLabelText('Officer', { selector: 'button' }));
    expect(await screen.findByRole('option', { name: 'Ravi Kumar' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(within(officers).getByRole('link', { name: '4' }));
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/applications');
    expect(Object.fromEntries(new URLSearchParams(currentLocation().search))).toEqual({
      figure: 'sent_back',
      from: '2026-01-01',
      to: '2026-01-31',
      officer: '1',
      queue: 'all',
    });
  });

  it('a bar opens its applications too; the range asked is the one fetched', async () => {
    signIn('BRANCH_CREDIT_MANAGER');
    const user = userEvent.setup({ delay: null });
    renderRoutes('/insights?from=2026-01-01&to=2026-01-31');
    await screen.findByRole('article', { name: 'Rejections by reason' }, { timeout: 5000 });
    expect(fetchInsights).toHaveBeenCalledWith({ from: '2026-01-01', to: '2026-01-31', officer: '' });
    await user.click(screen.getByRole('button', { name: 'bar Credit bureau 3' }));
    await settleNavigation();
    expect(new URLSearchParams(currentLocation().search).get('figure')).toBe('rejected:BUREAU');
  });

  it("a branch's busiest 10 officers first, the rest on request", async () => {
    const ravi = INSIGHTS.officers[0]!;
    const officers = Array.from({ length: 12 }, (_, i) => ({ ...ravi, id: i + 1, name: `Officer ${i + 1}`, captured: i + 1 }));
    vi.mocked(fetchInsights).mockResolvedValue({ success: true, data: { ...INSIGHTS, officers } });
    signIn('BRANCH_MANAGER');
    const user = userEvent.setup({ delay: null });
    renderRoutes('/insights?from=2026-01-01&to=2026-01-31');
    const panel = await screen.findByRole('article', { name: 'Per officer' }, { timeout: 5000 });
    const names = () =>
      within(panel)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `Officer ${12 - i}`));
    await user.click(within(panel).getByRole('button', { name: 'Show all 12 officers' }));
    expect(names()).toHaveLength(12);
    expect(within(panel).queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('in Hindi; offline it says it needs a connection; a relationship officer goes to the dashboard', async () => {
    signIn('BRANCH_MANAGER');
    setLanguage('hi');
    renderRoutes('/insights?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByRole('heading', { level: 1, name: 'शाखा पाइपलाइन' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'फ़नल' })).toBeTruthy();
    teardown();
    setLanguage('en');
    setOnline(false);
    renderRoutes('/insights');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'The branch pipeline needs a connection. Go online and try again.',
    );
    teardown();
    setOnline(true);
    signIn('RELATIONSHIP_OFFICER');
    renderRoutes('/insights');
    await screen.findByRole('article', { name: 'Applications' }, { timeout: 5000 });
    expect(currentLocation().pathname).toBe('/');
  });
});
