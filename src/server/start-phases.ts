import { performance } from 'node:perf_hooks';

/**
 * The server's start, phase by phase (PGlite boot, migrations, key file, seed, listen...): each
 * phase's time is printed on the "listening" line, so a slow start shows where it went
 * (bench/startup.ts reads that line). Phases may overlap (the HTTP modules load while the database starts).
 */
export function startPhases() {
  const phases: [string, number][] = [];
  return {
    async time<T>(name: string, work: () => Promise<T> | T): Promise<T> {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        phases.push([name, performance.now() - t0]);
      }
    },
    /** "PGlite boot 812 ms, migrations 95 ms, ..." and the whole since the process started. */
    summary(): string {
      const list = phases.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ');
      // CPU time too: on a loaded machine the wall clock says more about the neighbours than about the start.
      const cpu = process.cpuUsage();
      return `started in ${Math.round(performance.now())} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms) since the process began: ${list}`;
    },
  };
}
export type StartPhases = ReturnType<typeof startPhases>;
