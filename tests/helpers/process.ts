// Runs the real `ledgerlens` CLI as a child process, as a user or an operator would.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { until } from './wait.js';

export const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end; `input` is written to its stdin (e.g. for --password-stdin). */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI, ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin!.end(input ?? '');
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServeProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Ends the process: SIGTERM for a graceful stop, SIGKILL to simulate a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `ledgerlens serve` (with `args`, e.g. --no-workers) and resolves once it answers /healthz. */
export async function startServeProcess(env: Record<string, string>, args: string[] = []): Promise<ServeProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, 'serve', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`serve exited early:\n${output}`);
    return fetch(`${baseUrl}/healthz`).then((res) => res.ok, () => false); // false: not listening yet
  };
  await until(answers, () => `serve did not start:\n${output}`, 100).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    baseUrl,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Starts `ledgerlens worker` and resolves once it logs that it is ready. */
export async function startWorkerProcess(env: Record<string, string>): Promise<Omit<ServeProcess, 'baseUrl'>> {
  const child = spawn(process.execPath, [CLI, 'worker'], { env: { ...process.env, ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = () => {
    if (child.exitCode !== null) throw new Error(`worker exited early:\n${output}`);
    return output.includes('worker is ready');
  };
  await until(ready, () => `worker did not start:\n${output}`).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
