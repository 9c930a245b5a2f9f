// Loaded with `node --import` by the specs that time a whole command (test/support/cpuTime.ts, CPU_AT_EXIT):
// at exit, the CPU time this process spent (user + system, in ms, every thread of it) goes to the file
// CPU_TIME_FILE names. CPU time, not wall-clock time: a command that waits for a core on a busy machine
// has not become slower.
import { writeFileSync } from 'node:fs';

const file = process.env.CPU_TIME_FILE;
if (file) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, String((user + system) / 1000));
  });
}
