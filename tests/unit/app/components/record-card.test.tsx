// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordCard, recordSyncOf } from '../../../../src/app/components/record-card';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { resetDevice, teardown } from '../test-utils';

const card = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('record card (co-applicants and family members)', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('shows the sync state and the server decision on separate lines, and Edit as one link-as-button', () => {
    card(<RecordCard id="r1" title="Sita Devi" details={['Co-borrower']} sync="synced" decision="accepted" editTo="/edit/r1" />);
    const article = screen.getByRole('article', { name: 'Sita Devi' });
    expect(within(article).getByText('Co-borrower')).toBeTruthy();
    const sync = within(article).getByText('Synced');
    const decision = within(article).getByText('Accepted');
    expect(sync).not.toBe(decision);
    expect(sync.className).toContain('record-card__sync--synced');
    expect(decision.className).toContain('record-card__decision--accepted');
    const edit = within(article).getByRole('link', { name: 'Edit Sita Devi' });
    expect(edit.getAttribute('href')).toBe('/edit/r1');
    expect(edit.className).toBe('button button--secondary');
  });

  it("a queued record awaits a decision; a refused submit shows the server's message apart from the decision", () => {
    card(
      <>
        <RecordCard id="r2" title="Ravi" sync={recordSyncOf('pending')} decision="pending" />
        <RecordCard
          id="r3"
          title="Gita"
          sync={recordSyncOf('needs_attention')}
          problem="A family can have at most 6 members"
          decision="rejected"
        />
      </>,
    );
    const queued = screen.getByRole('article', { name: 'Ravi' });
    expect(within(queued).getByText('Waiting to sync')).toBeTruthy();
    expect(within(queued).getByText('Awaiting decision')).toBeTruthy();
    expect(within(queued).queryByRole('link')).toBeNull();
    const refused = screen.getByRole('article', { name: 'Gita' });
    expect(within(refused).getByText('Needs attention: A family can have at most 6 members')).toBeTruthy();
    expect(within(refused).getByText('Rejected')).toBeTruthy();
    expect(refused.className).toContain('record-card--attention');
  });

  it('speaks Hindi', () => {
    setLanguage('hi');
    card(<RecordCard id="r4" title="Sita" sync="synced" decision="pending" editTo="/e" />);
    expect(screen.getByText('सिंक हो गया')).toBeTruthy();
    expect(screen.getByText('निर्णय की प्रतीक्षा')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sita बदलें' })).toBeTruthy();
  });
});
