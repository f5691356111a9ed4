// The service worker shares src/app/sync with the page; Vite fills these at build time.
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_VERIFICATION_API_BASE?: string;
  readonly VITE_BANKING_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
