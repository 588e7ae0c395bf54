/**
 * Test support: CPU time (user + system) of this process and of each of its descendant processes, read from
 * /proc (Linux), grouped by command name (node: the local server; java: DynamoDB Local). CPU time, not wall time,
 * because the CI machine's two cores are shared: it is what the fuzz budget (docs/benchmarks.md) is measured in.
 * Elsewhere than Linux it answers only this process's own time.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the project runs on

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuMs: number;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may contain spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // fields[0] is state (field 3); ppid is field 4, utime 14, stime 15 (1-based, proc(5)).
    return { pid: Number(pid), ppid: Number(fields[1]), comm, cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** CPU milliseconds so far: `self` (this process) and every live descendant's, summed per command name. */
export function cpuByProcess(): Record<string, number> {
  const own = process.cpuUsage();
  const totals: Record<string, number> = { self: (own.user + own.system) / 1000 };
  let all: ProcStat[];
  try {
    all = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(readStat)
      .filter((s): s is ProcStat => s !== undefined);
  } catch {
    return totals;
  }
  const children = new Map<number, ProcStat[]>();
  for (const s of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const queue = [...(children.get(process.pid) ?? [])];
  while (queue.length) {
    const s = queue.shift()!;
    totals[s.comm] = (totals[s.comm] ?? 0) + s.cpuMs;
    queue.push(...(children.get(s.pid) ?? []));
  }
  return totals;
}

/** `after - before` per name (a process that started in between counts from zero). */
export function cpuSince(before: Record<string, number>, after = cpuByProcess()): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]));
}
