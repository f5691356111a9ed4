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

// findBy* and waitFor wait for a condition, 1 s by default: too short for a screen's first render
// when the whole suite shares two cores (seen failing at a load average of 20). They still return
// as soon as the condition holds.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
