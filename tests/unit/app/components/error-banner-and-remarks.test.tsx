// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBanner } from '../../../../src/app/components/error-banner';
import { ReviewRemarksPanel } from '../../../../src/app/components/review-remarks-panel';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { resetDevice, teardown } from '../test-utils';

describe('ErrorBanner', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('announces the one message in an alert', () => {
    render(<ErrorBanner id="form-error" message="Invalid name" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Invalid name');
    expect(alert.id).toBe('form-error');
  });

  it('shows nothing for an empty message', () => {
    for (const message of [null, undefined, '', '  ']) {
      const { container, unmount } = render(<ErrorBanner message={message} />);
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });

  it('translates a known English message', () => {
    setLanguage('hi');
    render(<ErrorBanner message="Invalid mobile number" />);
    expect(screen.getByRole('alert').textContent).toBe('अमान्य मोबाइल नंबर');
  });
});

describe('ReviewRemarksPanel', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  // The panel's content loads with it (review/review-remarks.tsx): awaited.
  it.each(['PD1_REVIEW', 'PD2_REVIEW'])('shows the remarks while the status is %s', async (status) => {
    render(<ReviewRemarksPanel status={status} remarks={'Check the PAN name.\nAdd a guarantor.'} />);
    const panel = await screen.findByRole('region', { name: 'Review remarks' }, { timeout: 10_000 });
    expect(panel.className).toContain('review-remarks');
    expect(panel.textContent).toContain('Check the PAN name.');
  });

  it('says when a review came without remarks', async () => {
    render(<ReviewRemarksPanel status="PD1_REVIEW" remarks={null} />);
    expect(await screen.findByText('No remarks were given.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it.each([undefined, 'DRAFT', 'PD1_COMPLETE', 'APPROVED', 'REJECTED'])('shows nothing for status %s', (status) => {
    const { container } = render(<ReviewRemarksPanel status={status} remarks="Something" />);
    expect(container.innerHTML).toBe('');
  });
});
