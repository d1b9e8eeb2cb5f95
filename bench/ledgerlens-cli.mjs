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
