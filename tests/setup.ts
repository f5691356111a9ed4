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
