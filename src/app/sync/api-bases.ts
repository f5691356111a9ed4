import type { ApiBase } from '../db/records';

/** DECISIONS "API shape": same-origin bases unless the build configures others. */
export const API_BASES: Record<ApiBase, string> = {
  main: import.meta.env.VITE_API_BASE || '/api',
  verification: import.meta.env.VITE_VERIFICATION_API_BASE || '/verification',
  banking: import.meta.env.VITE_BANKING_API_BASE || '/banking',
};
