// The built CLI, as the benchmarks start it: servers and workers as child processes, admin commands
// run to completion for their stdout (a new key on the last line).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist/src/cli/main.js');

export function runCli(env, args) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { env });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.once('exit', (code) => (code === 0 ? done(out) : fail(new Error(`ledgerlens ${args.join(' ')} exited ${code}`))));
  });
}

/** Resolves once a started server answers /healthz; fails if it exits first or takes over `ms`. */
export async function waitForHealth(base, server, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops a started server with SIGTERM and waits for it to exit. */
export async function stopServer(server) {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await exited;
}
