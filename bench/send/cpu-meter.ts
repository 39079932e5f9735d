import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TICKS_PER_SECOND = 100;

/** utime + stime (+ the reaped children's, when asked) of a process, in ms; 0 when it is gone. */
function processMs(pid: number, withChildren: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: state is field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks =
      Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function parentOf(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/**
 * CPU time spent by the bench process (all its threads: the render pool too), its SMTP sink and
 * the Postgres cluster (the postmaster, its live backends and those already gone), in ms. A
 * figure of work per mail that a loaded machine stretches far less than wall time. Linux only;
 * Postgres is counted only when the bench started it (its postmaster pid is known).
 */
export function cpuMeter(sinkPid: number, postgresDataDir: string | null) {
  const postmaster = (): number | null => {
    if (!postgresDataDir) return null;
    try {
      return Number(readFileSync(join(postgresDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  };
  const postgresMs = (): number | null => {
    const pid = postmaster();
    if (!pid) return null;
    let total = processMs(pid, true);
    for (const entry of readdirSync('/proc')) {
      if (/^\d+$/.test(entry) && parentOf(entry) === pid) total += processMs(Number(entry), false);
    }
    return total;
  };
  const sample = () => {
    const own = process.cpuUsage();
    return { node: (own.user + own.system) / 1000, sink: processMs(sinkPid, false), postgres: postgresMs() };
  };
  return {
    start() {
      const before = sample();
      return () => {
        const after = sample();
        return {
          node: after.node - before.node,
          sink: after.sink - before.sink,
          postgres:
            after.postgres === null || before.postgres === null ? null : after.postgres - before.postgres,
        };
      };
    },
  };
}
