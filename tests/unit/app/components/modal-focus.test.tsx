// @vitest-environment jsdom
// A dialog takes the focus as it is committed, before the first paint: a key pressed at once
// (Escape, Tab) lands inside it. Rendered with Preact's own render, outside act, so no effect is
// flushed for the test: only what runs with the commit has happened when the assertions run.
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../../src/app/components/modal';

describe('Modal focus', () => {
  let container: HTMLElement;
  afterEach(() => {
    render(null, container);
    container.remove();
    document.getElementById('root')?.remove();
  });

  it('moves the focus in and makes the page behind inert in the same commit as it opens', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    const opener = root.appendChild(document.createElement('button'));
    opener.focus();
    container = root.appendChild(document.createElement('div'));
    const onClose = vi.fn();
    render(
      <Modal labelledBy="t" onClose={onClose}>
        <h2 id="t">Capture Image</h2>
        <button type="button">Capture</button>
      </Modal>,
      container,
    );
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(root.hasAttribute('inert')).toBe(true);
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
