// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StepIndicator } from '../../../../src/app/components/step-indicator';
import { resetDevice, teardown } from '../test-utils';

const STEPS = ['Borrower info', 'Borrowers Info', 'Co-borrower', 'Family'];

describe('StepIndicator', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('numbers the steps; completed ones show a tick and are buttons that go back', async () => {
    const onSelect = vi.fn();
    render(<StepIndicator steps={STEPS} current={2} completed={[0, 1]} onSelect={onSelect} />);
    const nav = screen.getByRole('navigation', { name: 'Application steps' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items.map((li) => li.querySelector('.step-indicator__circle')?.textContent)).toEqual(['✓', '✓', '3', '4']);

    const buttons = within(nav).getAllByRole('button');
    expect(buttons).toHaveLength(2);
    expect(buttons[0]!.textContent).toContain('Step 1: Borrower info, completed');
    await userEvent.click(buttons[1]!);
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('the current step is marked aria-current; future steps cannot be clicked', async () => {
    const onSelect = vi.fn();
    render(<StepIndicator steps={STEPS} current={1} completed={[0]} onSelect={onSelect} />);
    const items = screen.getAllByRole('listitem');
    expect(items[1]!.getAttribute('aria-current')).toBe('step');
    expect(items.filter((li) => li.getAttribute('aria-current'))).toHaveLength(1);
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(within(items[3]!).queryByRole('button')).toBeNull();
    expect(items[3]!.textContent).toContain('not reached yet');
    await userEvent.click(within(items[3]!).getByText('Family'));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
