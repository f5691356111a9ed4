import { loadCatalogue } from '../src/app/i18n/catalogues';
// Screens read the device database (the header's sync badge, the sync centre): an IndexedDB
// for jsdom (and node). Blobs do not survive it under jsdom (TOOLCHAIN trap 3): file tests run in node.
import 'fake-indexeddb/auto';

// Shared test setup. jsdom lacks matchMedia, which react-hot-toast needs (TOOLCHAIN trap 4).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

// Every catalogue on the page, as after a choice of language: screens switch language at once.
await loadCatalogue('hi');

// Preact runs effects after the next frame (requestAnimationFrame); jsdom paints no frames, and
// fake clocks would hold that frame. Screen tests run them once the render's microtasks are done,
// as React does in a test environment, so an assertion after an event sees its effects.
if (typeof window !== 'undefined') {
  const { options } = await import('preact');
  options.requestAnimationFrame = (flush) => queueMicrotask(flush);
}
