// A preload for the server benches (BENCH_CPU_PROF=bench/cpu-profile.cjs): the server records a
// V8 CPU profile between a first and a second SIGUSR2 (bench/http-load.ts sends them around the
// timed run) and writes it to $BENCH_CPU_PROF_DIR (default the working directory) as
// server-<pid>-<n>.cpuprofile, to open in Chrome DevTools or summarise with bench/cpu-top.mjs.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const session = new Session();
session.connect();
let running = false;
let n = 0;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
    );
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (err) return console.error(`cpu-profile: ${err.message}`);
    const file = join(process.env.BENCH_CPU_PROF_DIR ?? process.cwd(), `server-${process.pid}-${++n}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
    console.error(`cpu-profile: ${file}`);
  });
});
