/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Main API base (default `/api`). */
  readonly VITE_API_BASE?: string;
  /** Verification API base (default `/verification`). */
  readonly VITE_VERIFICATION_API_BASE?: string;
  /** Banking API base (default `/banking`). */
  readonly VITE_BANKING_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A language's whole-app catalogue, compiled from its translators' files (scripts/icu-messages.ts). */
declare module 'virtual:sahyog-catalogue/*' {
  export const messages: Readonly<Record<string, string>>;
  export const codeLabels: Readonly<Record<string, string>>;
}
