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
  const server = await startServerProcess();
  project.provide('baseURL', server.baseURL);
  project.provide('port', server.port);
  return () => server.stop();
}
