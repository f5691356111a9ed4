import type { Page } from 'playwright-core';
import { SESSION_TOKENS } from '../pages/login.page';

/** Read-only views of the server for assertions: what the officer's token may see, nothing more. */

export type ServerDeviation = { type: string; info?: unknown; status?: string };
export type ServerCoApplicant = Record<string, unknown> & {
  id: string;
  type: string;
  name: string;
  status: string;
  deviations?: ServerDeviation[];
};
export type ServerFamilyMember = Record<string, unknown> & { id: string; name: string };
export type ServerApplication = Record<string, unknown> & {
  id: string;
  status: string;
  stage: string[];
  name: string | null;
  kyc: Record<string, unknown> | null;
  deviations: ServerDeviation[];
  approval_checks: { decision: string; reasons: string[]; rejected: boolean; check_values?: { overdue_amount?: number } } | null;
  co_applicants: ServerCoApplicant[];
  family_members: ServerFamilyMember[];
};
export type ServerFile = {
  file_id: string;
  file_type: string;
  upload_type: string | null;
  record_index: number | null;
  mime: string;
  size: number;
  sha256: string;
};

/** The officer's session token, as the app keeps it (localStorage 'token'). */
export async function officerToken(page: Page): Promise<string> {
  // Signed in through the login page: its answer (the phone seals the token); else one put in localStorage.
  const token = SESSION_TOKENS.get(page) ?? (await page.evaluate(() => localStorage.getItem('token')));
  if (!token) throw new Error('no officer token: sign in through LoginPage');
  return token;
}

/** The application id of the screen's address (`#/application/...?id=<32 hex>`). */
export function applicationIdOf(page: Page): string {
  const id = /[?&]id=([0-9a-f]{32})/.exec(page.url())?.[1];
  if (!id) throw new Error(`no application id in ${page.url()}`);
  return id;
}

async function getData<T>(baseURL: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: { token } });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!res.ok || !body.success) throw new Error(`GET ${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

/** GET /api/v1/app/mfi/{id}. */
export function serverApplication(baseURL: string, token: string, id: string): Promise<ServerApplication> {
  return getData(baseURL, token, `/api/v1/app/mfi/${id}`);
}

/** GET /api/v1/app/mfi/{id}/files: every file uploaded for the application. */
export function serverFiles(baseURL: string, token: string, id: string): Promise<ServerFile[]> {
  return getData(baseURL, token, `/api/v1/app/mfi/${id}/files`);
}

/** Polls the application until `ready` holds (the outbox sends in the background), bounded. */
export async function waitForApplication(
  baseURL: string,
  token: string,
  id: string,
  ready: (app: ServerApplication) => boolean,
  timeoutMs = 30000,
): Promise<ServerApplication> {
  const deadline = Date.now() + timeoutMs;
  let last: ServerApplication | undefined;
  while (Date.now() < deadline) {
    last = await serverApplication(baseURL, token, id);
    if (ready(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `application ${id} not as expected within ${timeoutMs} ms: stage ${JSON.stringify(last?.stage)}, status ${last?.status}, ` +
      `co-applicants ${last?.co_applicants.length}, family ${last?.family_members.length}, deviations ${JSON.stringify(last?.deviations)}`,
  );
}
