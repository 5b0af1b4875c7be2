// Preloaded into the server (node --require) by bench/run.sh when BENCH_PROFILE names a file: each SIGUSR2
// pair starts, then stops a CPU profile, so start-up and warm-up stay out of it. The n-th measured run is
// written to BENCH_PROFILE with "-n" before its extension.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_PROFILE;
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
let running = false;
let written = 0;
process.on('SIGUSR2', () => {
  running = !running;
  if (running) return session.post('Profiler.start');
  session.post('Profiler.stop', (error, result) => {
    written += 1;
    if (!error)
      writeFileSync(file.replace(/(\.cpuprofile)?$/, `-${written}.cpuprofile`), JSON.stringify(result.profile));
  });
});
