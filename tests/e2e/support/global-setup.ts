import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    port: number;
  }
}

/** Starts the real server (PGlite in a fresh temporary data dir) on a free port. */
export default async function setup(project: TestProject) {
  rmSync('test-results/e2e-failures.txt', { force: true }); // this run's failures only (failure-report.ts)
  // Many officer sign-ins in one run: the per-mobile OTP limit (5 an hour) is raised for it alone.
  const server = await startServerProcess({ env: { OTP_MAX_SENDS_PER_MOBILE_HOUR: '100' } });
  project.provide('baseURL', server.baseURL);
  project.provide('port', server.port);
  return () => server.stop();
}
