// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DraftStatus, TextField, useDraftAutosave, useQueuedSubmit, type DraftAutosave } from '../../../../src/app/components/form';
import { getDb } from '../../../../src/app/db/db';
import { draftKey } from '../../../../src/app/db/drafts.repository';
import { resetDevice, teardown } from '../test-utils';
// The kit shows a feature's key once the feature's texts are on the page (as its screens load them).
import '../../../../src/app/features/family-members/family-members.text';

const db = getDb();
const SLOW = { timeout: 5000 };
type Values = { name: string };

let kit: { autosave: DraftAutosave; submit: () => Promise<string> } | undefined;

/** A one-field form on the kit: its draft is `a1:kit-test`; `broken` makes every save fail. */
function KitForm({ broken = false, queued }: { broken?: boolean; queued?: () => void }) {
  const form = useForm<Values>({ defaultValues: { name: '' } });
  const autosave = useDraftAutosave({
    form,
    draft: { form: 'kit-test', applicationLocalId: 'a1' },
    // A function cannot be stored: IndexedDB refuses the write (DataCloneError).
    snapshot: broken ? () => ({ ...form.getValues(), broken: () => 1 }) : undefined,
    delayMs: 20,
  });
  const submit = useQueuedSubmit({
    autosave,
    validate: () => ({ ok: true, plan: form.getValues() }),
    queue: async () => {
      await db.drafts.delete(draftKey('kit-test', 'a1')); // as submitStep does in its transaction
      queued?.();
    },
  });
  kit = { autosave, submit: submit.submit };
  return (
    <form>
      <TextField name="name" control={form.control} id="kit-name" label="family.name" normalise={(v) => v.toUpperCase()} />
      <DraftStatus error={autosave.saveError} />
    </form>
  );
}

const stored = async () => (await db.drafts.get(draftKey('kit-test', 'a1')))?.values;

describe('form kit', () => {
  beforeEach(async () => {
    resetDevice();
    await db.drafts.clear();
    kit = undefined;
  });
  afterEach(teardown);

  it('a field normalises what is typed, and every change is saved as the draft', async () => {
    render(<KitForm />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'sita' } });
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('SITA');
    await waitFor(async () => expect(await stored()).toEqual({ name: 'SITA' }), SLOW);
  });

  it('leaving the screen writes what is pending at once (no wait for the debounce)', async () => {
    const view = render(<KitForm />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'ram' } });
    view.unmount();
    await waitFor(async () => expect(await stored()).toEqual({ name: 'RAM' }), SLOW);
  });

  it('after a submit nothing is saved again: not on a change, not on leaving', async () => {
    const view = render(<KitForm />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'ram' } });
    await act(async () => void (await kit!.submit()));
    expect(await stored()).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'ram lal' } });
    window.dispatchEvent(new Event('pagehide'));
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored()).toBeUndefined();
  });

  it('a failed save is shown, and the form keeps working', async () => {
    render(<KitForm broken />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'sita' } });
    expect((await screen.findByRole('status', {}, SLOW)).textContent).toBe(
      'This form could not be saved on the phone. Keep the screen open and try again.',
    );
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('SITA');
  });
});
