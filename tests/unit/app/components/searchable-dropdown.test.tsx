// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterOptions, SearchableDropdown } from '../../../../src/app/components/searchable-dropdown';
import { resetDevice, teardown, useFakeClock } from '../test-utils';

const OPTIONS = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
  { value: 'OTHER', label: 'Others' },
];

function Harness({
  onChange = () => {},
  initial = null as string | null,
  error,
}: {
  onChange?: (v: string) => void;
  initial?: string | null;
  error?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <form>
      <SearchableDropdown
        id="gender"
        name="gender"
        label="Gender"
        value={value}
        options={OPTIONS}
        error={error}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
      <button type="button">Elsewhere</button>
    </form>
  );
}

const trigger = () => screen.getByLabelText('Gender', { selector: 'button' });
const searchBox = () => screen.getByRole('combobox', { name: 'Search Gender' }) as HTMLInputElement;
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent?.replace('✓', '').trim());

async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

function stubNarrow(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('filterOptions', () => {
  it('matches a part of the label, ignoring case and extra spaces', () => {
    expect(filterOptions(OPTIONS, '  MAL ').map((o) => o.value)).toEqual(['MALE', 'FEMALE']);
    expect(filterOptions(OPTIONS, '')).toBe(OPTIONS);
    expect(filterOptions(OPTIONS, 'xyz')).toEqual([]);
  });
});

describe('SearchableDropdown', () => {
  beforeEach(() => {
    resetDevice();
    useFakeClock();
  });
  afterEach(teardown);

  it('is a labelled button showing the choice, with a hidden input for the form', () => {
    const { container } = render(<Harness initial="FEMALE" />);
    expect(trigger().textContent).toContain('Female');
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect((container.querySelector('input[type=hidden][name=gender]') as HTMLInputElement).value).toBe('FEMALE');
  });

  it("shows 'Select' when nothing is chosen and an error beside the field", () => {
    render(<Harness error="Please select gender" />);
    expect(trigger().textContent).toContain('Select');
    expect(trigger().getAttribute('aria-invalid')).toBe('true');
    expect(trigger().getAttribute('aria-describedby')).toBe('gender-error');
    expect(screen.getByText('Please select gender').id).toBe('gender-error');
  });

  it("filters 300 ms after the last key, and says 'No options found' when nothing matches", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(trigger());
    expect(searchBox().placeholder).toBe('Search...');
    expect(document.activeElement).toBe(searchBox());
    expect(optionNames()).toEqual(['Male', 'Female', 'Others']);

    await user.type(searchBox(), 'fem');
    await wait(299);
    expect(optionNames()).toEqual(['Male', 'Female', 'Others']);
    await wait(1);
    expect(optionNames()).toEqual(['Female']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'zz');
    await wait(300);
    expect(optionNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No options found');
  });

  it('works from the keyboard: arrows move the active option, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const box = searchBox();
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box.getAttribute('aria-activedescendant')).toBe('gender-option-0');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe('gender-option-2');
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe('gender-option-1');
    expect(screen.getByRole('option', { name: 'Female' }).className).toContain('active');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('FEMALE');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().textContent).toContain('Female');

    await user.keyboard('{ArrowDown}');
    // Opens on the chosen option, marked selected.
    expect(searchBox().getAttribute('aria-activedescendant')).toBe('gender-option-1');
    expect(screen.getByRole('option', { name: 'Female' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('Enter right after typing chooses the first match without waiting for the debounce', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    await user.type(searchBox(), 'oth{Enter}');
    expect(onChange).toHaveBeenCalledWith('OTHER');
  });

  it('a click on an option chooses it; a click elsewhere closes the list', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'Male' }));
    expect(onChange).toHaveBeenCalledWith('MALE');
    await user.click(trigger());
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("under 576 px opens as a bottom modal titled 'Select'", async () => {
    stubNarrow(true);
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    const dialog = screen.getByRole('dialog', { name: 'Select' });
    expect(dialog.className).toContain('modal--sheet');
    expect(dialog.contains(searchBox())).toBe(true);
    expect(document.activeElement).toBe(searchBox());
    await user.type(searchBox(), 'ot');
    await wait(300);
    expect(optionNames()).toEqual(['Others']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('OTHER');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    await user.click(trigger());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('wide screens use the inline list, not a modal', async () => {
    stubNarrow(false);
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('a disabled dropdown does not open', async () => {
    const user = userEvent.setup({ delay: null });
    render(<SearchableDropdown id="x" label="Loan type" value={null} options={OPTIONS} onChange={() => {}} disabled />);
    await user.click(screen.getByLabelText('Loan type', { selector: 'button' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
