#!/usr/bin/env node
// The dashboard's end-to-end tests drive Debian's Chromium through playwright-core (no browser is
// downloaded from anywhere but the distribution's own archive). Installs it when it is missing and
// this runs as root on a Debian-like system; otherwise says why the browser tests will be skipped.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.LEDGERLENS_CHROMIUM ?? '/usr/bin/chromium';

function aptGet(args) {
  execFileSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

if (existsSync(CHROMIUM)) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.log(`ensure-chromium: ${CHROMIUM} is missing and cannot be installed here (needs root and apt-get); the browser tests will be skipped.`);
  process.exit(0);
}
console.log('ensure-chromium: installing Debian\'s chromium for the dashboard\'s browser tests…');
try {
  aptGet(['install', '-y', '--no-install-recommends', 'chromium']);
} catch {
  // A fresh machine may have no package lists yet.
  aptGet(['update']);
  aptGet(['install', '-y', '--no-install-recommends', 'chromium']);
}
if (!existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: apt-get finished but ${CHROMIUM} is still missing`);
  process.exit(1);
}
