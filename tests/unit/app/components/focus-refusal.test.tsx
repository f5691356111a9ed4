// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusRefusal } from '../../../../src/app/components/form/show-first-error';

// A refusal shown before the field it names is drawn, or just before it is drawn again (an upload
// box reading its files from the phone): the focus goes to the field once it is drawn.
function Form({ drawn, other = false, version = 1 }: { drawn: boolean; other?: boolean; version?: number }) {
  const [refusals] = useState(1);
  useFocusRefusal(refusals, { field: 'proof' }, 'banner', (field) => document.getElementById(field));
  return (
    <>
      <div id="banner" tabIndex={-1}>
        Please upload the proof
      </div>
      {other && <input aria-label="other" />}
      {drawn && <input key={version} id="proof" aria-label="proof" />}
    </>
  );
}

afterEach(cleanup);

describe('the focus after a refusal naming a field', () => {
  it('goes to the field at once when it is drawn', () => {
    const view = render(<Form drawn />);
    expect(document.activeElement).toBe(view.getByLabelText('proof'));
  });

  it('waits on the banner and moves to the field once it is drawn', async () => {
    const view = render(<Form drawn={false} />);
    expect(document.activeElement?.id).toBe('banner');
    view.rerender(<Form drawn />);
    await waitFor(() => expect(document.activeElement).toBe(view.getByLabelText('proof')));
  });

  it('follows the field when it is drawn again (an upload box drawing the file it read)', async () => {
    const view = render(<Form drawn />);
    const first = view.getByLabelText('proof');
    expect(document.activeElement).toBe(first);
    view.rerender(<Form drawn version={2} />);
    await waitFor(() => expect(document.activeElement).toBe(view.getByLabelText('proof')));
    expect(view.getByLabelText('proof')).not.toBe(first);
  });

  it('leaves the focus where the user moved it meanwhile', async () => {
    const view = render(<Form drawn={false} other />);
    act(() => view.getByLabelText('other').focus());
    view.rerender(<Form drawn other />);
    // The field is drawn (the observer has run once this resolves) and the focus stayed.
    await waitFor(() => expect(view.getByLabelText('proof')).toBeTruthy());
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(view.getByLabelText('other'));
  });
});
