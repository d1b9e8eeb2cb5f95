// What a process and every process it started use, read from /proc (Linux only): the figures `top`
// shows for a service and its OCR children together. A child left running by a stopped document
// shows here, where the service's own process.memoryUsage() would not see it.
import { readdirSync, readFileSync } from 'node:fs';

export const CAN_SAMPLE_PROCESSES = process.platform === 'linux';

export interface ProcessTree {
  /** CPU seconds of the process, its live descendants, and the children it has reaped. */
  cpuSeconds: number;
  /** Resident memory of the process and its live descendants. */
  rssBytes: number;
  /** Live descendants (zombies left out). */
  descendants: { pid: number; command: string }[];
}

const TICKS_PER_SECOND = 100;

interface Stat {
  pid: number;
  ppid: number;
  state: string;
  command: string;
  /** utime + stime, and cutime + cstime (children it has waited for), in ticks. */
  ownTicks: number;
  reapedTicks: number;
}

function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
  // The command may hold spaces and parentheses: the fields start after the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  const ticks = (i: number) => Number(fields[i]);
  return { pid, ppid: ticks(1), state: fields[0]!, command: text.slice(text.indexOf('(') + 1, close), ownTicks: ticks(11) + ticks(12), reapedTicks: ticks(13) + ticks(14) };
}

function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function sampleProcessTree(root: number): ProcessTree {
  const stats = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map((name) => readStat(Number(name))).filter((s) => s !== null);
  const children = new Map<number, Stat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const top = stats.find((s) => s.pid === root);
  if (!top) throw new Error(`process ${root} is gone`);
  const tree: ProcessTree = { cpuSeconds: 0, rssBytes: 0, descendants: [] };
  const visit = (stat: Stat, isRoot: boolean) => {
    tree.cpuSeconds += (stat.ownTicks + stat.reapedTicks) / TICKS_PER_SECOND;
    if (stat.state !== 'Z') {
      tree.rssBytes += rssOf(stat.pid);
      if (!isRoot) tree.descendants.push({ pid: stat.pid, command: stat.command });
    }
    for (const child of children.get(stat.pid) ?? []) visit(child, false);
  };
  visit(top, true);
  return tree;
}

/** Ends whatever the process started that still runs, so a failed test leaves nothing behind. */
export function killDescendants(root: number): void {
  let descendants: ProcessTree['descendants'] = [];
  try {
    descendants = sampleProcessTree(root).descendants;
  } catch {
    return; // the root is gone; its children, if any, were not found through it
  }
  for (const { pid } of descendants) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
}

/** Whether a process is still running (not gone, not a zombie waiting to be reaped). */
export function isRunning(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== null && stat.state !== 'Z';
}

/** The cores the tree used on average over `ms`, with what it looked like at the end. */
export async function treeLoad(root: number, ms: number): Promise<ProcessTree & { cores: number }> {
  const first = sampleProcessTree(root);
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const last = sampleProcessTree(root);
  return { ...last, cores: (last.cpuSeconds - first.cpuSeconds) / ((Date.now() - started) / 1000) };
}
