// @vitest-environment jsdom
// A dialog takes the focus as it is committed, before the first paint: a key pressed at once
// (Escape, Tab) lands inside it. Rendered with React DOM's own root, outside act, on the default
// (non-sync) lane: the assertions run in the microtask after the commit's DOM writes, when layout
// effects have run and passive effects (a later task of React's scheduler) have not.
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../../src/app/components/modal';

/** Resolves in the microtask after the first DOM write under `target` (the commit's). */
function nextCommit(target: Node): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(target, { childList: true, subtree: true });
  });
}

describe('Modal focus', () => {
  let reactRoot: Root;
  afterEach(() => {
    reactRoot.unmount();
    document.getElementById('root')?.remove();
  });

  it('moves the focus in and makes the page behind inert in the same commit as it opens', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    const opener = root.appendChild(document.createElement('button'));
    opener.focus();
    const container = root.appendChild(document.createElement('div'));
    const onClose = vi.fn();
    const passiveEffectRan = vi.fn();
    function Probe() {
      // A passive effect: it must not have run when the assertions below do.
      useEffect(() => passiveEffectRan(), []);
      return null;
    }
    reactRoot = createRoot(container);
    const committed = nextCommit(document.body);
    reactRoot.render(
      <Modal labelledBy="t" onClose={onClose}>
        <h2 id="t">Capture Image</h2>
        <button type="button">Capture</button>
        <Probe />
      </Modal>,
    );
    await committed;
    expect(passiveEffectRan).not.toHaveBeenCalled();
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(root.hasAttribute('inert')).toBe(true);
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
