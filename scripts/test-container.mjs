#!/usr/bin/env node
// npm run test:container: the image and compose.yaml, built and run here with podman, end to end.
//
//  1. a Debian bookworm base image (localhost/debian:bookworm) when there is none: debootstrap from
//     Debian's packages into .cache/container, kept there as a tarball for the next run;
//  2. the ledgerlens image from the Dockerfile on that base, and PostgreSQL from container/postgres;
//  3. compose.yaml with podman-compose (PostgreSQL, `serve --no-workers`, two workers), under a
//     project name of its own, the API published on a free port of 127.0.0.1, fresh secrets;
//  4. /readyz (native Tesseract with every configured language), every container's healthcheck, a
//     synchronous upload of an invoice PDF and a batch job of a receipt scan (done by a worker, as the
//     API runs none), their totals; a worker with another secret key must refuse to start;
//  5. everything it started is removed again (LEDGERLENS_TEST_KEEP=1 leaves the stack running).
//
// Where this machine refuses what podman does by default (raising resource limits, a cgroup layout
// the OCI runtime rejects), it says what was refused and tries the next way: the default runtime
// within this process's limits, then runc. Needs root, podman, podman-compose and (for the base)
// debootstrap: apt-get install -y podman buildah podman-compose debootstrap runc.
//
// Settings: LEDGERLENS_TEST_BASE_IMAGE (default localhost/debian:bookworm), LEDGERLENS_TEST_DEBIAN_MIRROR
// (default http://deb.debian.org/debian), LEDGERLENS_BUILD_EXTRA_CA (a PEM file of extra CAs for the
// build's downloads; default: this machine's trust store, so a proxy that re-signs TLS is trusted),
// LEDGERLENS_TEST_READY_SECONDS (default 300).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.cache/container');
const BASE = process.env.LEDGERLENS_TEST_BASE_IMAGE || 'localhost/debian:bookworm';
const MIRROR = process.env.LEDGERLENS_TEST_DEBIAN_MIRROR || 'http://deb.debian.org/debian';
const IMAGE = 'localhost/ledgerlens:test';
const POSTGRES_IMAGE = 'localhost/ledgerlens-postgres:15';
const PROJECT = 'ledgerlens-test';
const READY_SECONDS = Number(process.env.LEDGERLENS_TEST_READY_SECONDS || 300);

const timings = [];
const refused = [];
const results = { passed: 0, failed: 0 };
let podmanEnv = { ...process.env };

const say = (line) => console.log(`test:container: ${line}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
class Failure extends Error {}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: podmanEnv, maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Failure(`${command} ${args.join(' ')}: ${result.error.message}`);
  return result;
}
/** A long step's output goes to a log file under .cache; its tail is shown when it fails. */
function runLogged(name, command, args, options = {}) {
  const log = join(cache, `${name}.log`);
  const fd = openSync(log, 'w');
  try {
    const result = run(command, args, { stdio: ['ignore', fd, fd], ...options });
    if (result.status !== 0) {
      const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-25).join('\n');
      throw new Failure(`${command} ${args.join(' ')} exited ${result.status}; the end of ${relative(root, log)}:\n${tail}`);
    }
  } finally {
    closeSync(fd);
  }
  return log;
}
function timed(label, fn) {
  const start = Date.now();
  const value = fn();
  timings.push([label, Date.now() - start]);
  return value;
}
async function timedAsync(label, fn) {
  const start = Date.now();
  const value = await fn();
  timings.push([label, Date.now() - start]);
  return value;
}
function check(name, ok, detail = '') {
  if (ok) {
    results.passed += 1;
    say(`ok   ${name}${detail ? ` (${detail})` : ''}`);
  } else {
    results.failed += 1;
    say(`FAIL ${name}${detail ? `: ${detail}` : ''}`);
  }
  return ok;
}
const lastLine = (text) => text.trim().split('\n').filter((l) => !/level=(warning|error) msg="(Removing timer|unable to get systemd)/.test(l)).pop() ?? '';

// ---- tools -------------------------------------------------------------------------------------
function requireTools() {
  for (const tool of ['podman', 'podman-compose']) {
    const probe = spawnSync(tool, ['--version'], { encoding: 'utf8' });
    if (probe.error?.code === 'ENOENT') throw new Failure(`${tool} not found: apt-get install -y podman buildah podman-compose debootstrap runc`);
    if (probe.status !== 0) throw new Failure(`${tool} --version exited ${probe.status}: ${lastLine(`${probe.stdout}${probe.stderr}`)}`);
  }
  if (process.getuid?.() !== 0) throw new Failure('run as root: the base image is made with debootstrap and the stack runs rootful');
  say(`podman: ${run('podman', ['--version']).stdout.trim()}, podman-compose ${run('podman-compose', ['--version']).stdout.match(/podman-composer? version\s+(\S+)/)?.[1] ?? '?'}`);
}

// ---- 1. the base image --------------------------------------------------------------------------
function ensureBase() {
  if (run('podman', ['image', 'exists', BASE]).status === 0) {
    say(`base image ${BASE} is present`);
    timings.push(['base image (present)', 0]);
    return;
  }
  if (BASE !== 'localhost/debian:bookworm') throw new Failure(`base image ${BASE} not found (LEDGERLENS_TEST_BASE_IMAGE)`);
  mkdirSync(cache, { recursive: true });
  const tarball = join(cache, 'debian-bookworm.tar');
  if (!existsSync(tarball)) {
    if (spawnSync('debootstrap', ['--version']).status !== 0) throw new Failure('debootstrap not found: apt-get install -y debootstrap');
    const rootfs = join(cache, 'rootfs');
    rmSync(rootfs, { recursive: true, force: true });
    say(`debootstrap --variant=minbase bookworm from ${MIRROR} (log: .cache/container/debootstrap.log)`);
    timed('base image: debootstrap', () => {
      runLogged('debootstrap', 'debootstrap', ['--variant=minbase', 'bookworm', rootfs, MIRROR]);
      // The sources of Debian's own bookworm images: the release, its updates and security.
      rmSync(join(rootfs, 'etc/apt/sources.list'), { force: true });
      writeFileSync(
        join(rootfs, 'etc/apt/sources.list.d/debian.sources'),
        ['bookworm bookworm-updates', 'bookworm-security']
          .map((suites, i) => `Types: deb\nURIs: http://deb.debian.org/debian${i ? '-security' : ''}\nSuites: ${suites}\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`)
          .join('\n'),
      );
      run('sh', ['-c', 'rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/cache/apt/archives/*.deb "$1"/var/log/*', 'sh', rootfs]);
      runLogged('base-tar', 'tar', ['--numeric-owner', '-C', rootfs, '-cf', tarball, '.']);
      rmSync(rootfs, { recursive: true, force: true });
    });
  }
  timed('base image: import', () => runLogged('base-import', 'podman', ['import', tarball, BASE]));
  say(`base image ${BASE} imported from ${relative(root, tarball)}`);
}

// ---- the container runtime ------------------------------------------------------------------------
function hardLimit(name) {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith(name));
  const value = line?.trim().split(/\s{2,}/)[2];
  return value && /^\d+$/.test(value) ? Number(value) : null;
}
/** Try `podman run BASE true` by default, then within this process's limits, then with runc. */
function chooseRuntime() {
  const attempts = [{ label: 'podman defaults', conf: null }];
  const nofile = hardLimit('Max open files') ?? 1024;
  const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  const nproc = Math.min(hardLimit('Max processes') ?? 4096, pidMax);
  const ulimits = `default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]`;
  attempts.push({ label: `ulimits nofile=${nofile} nproc=${nproc} (this process's hard limits)`, conf: `[containers]\n${ulimits}\n` });
  if (spawnSync('runc', ['--version']).status === 0) {
    attempts.push({ label: `runc with ulimits nofile=${nofile} nproc=${nproc}`, conf: `[containers]\n${ulimits}\n[engine]\nruntime = "runc"\n` });
  }
  for (const attempt of attempts) {
    if (attempt.conf) {
      const file = join(cache, 'containers.conf');
      writeFileSync(file, attempt.conf);
      podmanEnv = { ...process.env, CONTAINERS_CONF: file };
    }
    const result = run('podman', ['run', '--rm', BASE, 'true']);
    if (result.status === 0) {
      say(`containers run with ${attempt.label}${attempt.conf ? ` (CONTAINERS_CONF=${relative(root, join(cache, 'containers.conf'))})` : ''}`);
      return;
    }
    const error = lastLine(result.stderr);
    refused.push(`podman run --rm ${BASE} true, with ${attempt.label}: ${error}`);
    say(`refused: podman run with ${attempt.label}: ${error}`);
  }
  throw new Failure('no way to run a container was accepted on this machine (above)');
}

// ---- 2. the images --------------------------------------------------------------------------------
function buildImages() {
  const extraCa = process.env.LEDGERLENS_BUILD_EXTRA_CA || (existsSync('/etc/ssl/certs/ca-certificates.crt') ? '/etc/ssl/certs/ca-certificates.crt' : '');
  const secret = extraCa ? ['--secret', `id=extra-ca,src=${extraCa}`] : [];
  say(`building ${IMAGE} on ${BASE}${extraCa ? `, trusting ${extraCa} for the downloads` : ''} (log: .cache/container/image-build.log)`);
  timed('ledgerlens image build', () =>
    runLogged('image-build', 'podman', ['build', '--format', 'docker', '--build-arg', `BASE_IMAGE=${BASE}`, ...secret, '-t', IMAGE, '.'], { cwd: root }),
  );
  say(`building ${POSTGRES_IMAGE} (log: .cache/container/postgres-build.log)`);
  timed('postgres image build', () =>
    runLogged('postgres-build', 'podman', ['build', '--format', 'docker', '--build-arg', `BASE_IMAGE=${BASE}`, '-t', POSTGRES_IMAGE, 'container/postgres'], { cwd: root }),
  );
  const size = Number(run('podman', ['image', 'inspect', '--format', '{{.Size}}', IMAGE]).stdout.trim());
  say(`${IMAGE}: ${(size / 1e6).toFixed(0)} MB`);
  const healthcheck = run('podman', ['image', 'inspect', '--format', '{{json .Config.Healthcheck}}', IMAGE]).stdout.trim();
  check('the image carries the HEALTHCHECK against /readyz', healthcheck.includes('healthcheck.mjs'), healthcheck);
  return size;
}

// ---- 3. the stack ----------------------------------------------------------------------------------
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const stackDir = join(cache, 'stack');
const container = (service) => `${PROJECT}_${service}_1`;
const SERVICES = ['postgres', 'api', 'worker-1', 'worker-2'];
let stackEnv = null;

function compose(args, logName) {
  // A copy of compose.yaml in a folder of its own: podman-compose 1.0 lets a .env beside the file
  // override the environment, and a developer's .env must not replace the test's secrets.
  return runLogged(logName, 'podman-compose', ['-p', PROJECT, '-f', join(stackDir, 'compose.yaml'), ...args], { env: { ...podmanEnv, ...stackEnv } });
}

function tearDown() {
  if (!stackEnv) return;
  if (process.env.LEDGERLENS_TEST_KEEP === '1') {
    say(`LEDGERLENS_TEST_KEEP=1: the stack ${PROJECT} stays up on http://${stackEnv.LEDGERLENS_PUBLISH}`);
    return;
  }
  try {
    compose(['down', '-v'], 'compose-down');
  } catch (error) {
    say(`compose down: ${error.message}`);
  }
  for (const service of SERVICES) run('podman', ['rm', '-f', '-t', '1', container(service)]);
  run('podman', ['network', 'rm', `${PROJECT}_default`]);
  for (const volume of ['postgres-data', 'ledgerlens-data']) run('podman', ['volume', 'rm', '-f', `${PROJECT}_${volume}`]);
  stackEnv = null;
  say('the stack is removed');
}

function showLogs() {
  for (const service of SERVICES) {
    const logs = run('podman', ['logs', '--tail', '30', container(service)]);
    say(`--- last lines of ${container(service)} ---\n${(logs.stdout + logs.stderr).trimEnd()}`);
  }
}

async function startStack() {
  const port = await freePort();
  mkdirSync(stackDir, { recursive: true });
  copyFileSync(join(root, 'compose.yaml'), join(stackDir, 'compose.yaml'));
  stackEnv = {
    LEDGERLENS_IMAGE: IMAGE,
    LEDGERLENS_POSTGRES_IMAGE: POSTGRES_IMAGE,
    LEDGERLENS_PUBLISH: `127.0.0.1:${port}`,
    LEDGERLENS_SECRET_KEY: randomBytes(32).toString('hex'),
    LEDGERLENS_POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
  };
  // Left over from an interrupted run.
  for (const service of SERVICES) run('podman', ['rm', '-f', '-t', '1', container(service)]);
  say(`podman-compose up -d: ${SERVICES.join(', ')}; API on http://127.0.0.1:${port} (log: .cache/container/compose-up.log)`);
  const started = Date.now();
  const log = compose(['up', '-d', '--no-build'], 'compose-up');
  const upLog = readFileSync(log, 'utf8');
  const systemd = upLog.match(/unable to get systemd connection to add healthchecks: [^"\n]*/);
  if (systemd) {
    refused.push(`podman's healthcheck timers (podman run --healthcheck-command): ${systemd[0]}; the test runs each check with podman healthcheck run`);
    say(`refused: podman's healthcheck timers need systemd (${systemd[0]}); each check is run here with podman healthcheck run`);
  }
  const base = `http://127.0.0.1:${port}`;
  const ready = await (async () => {
    const deadline = started + READY_SECONDS * 1000;
    let last = 'no answer';
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) });
        const body = await response.json();
        if (response.status === 200) return body;
        last = `${response.status} ${JSON.stringify(body)}`;
      } catch (error) {
        last = error.cause?.code ?? error.message;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Failure(`/readyz did not answer 200 within ${READY_SECONDS} s (last: ${last})`);
  })();
  timings.push(['stack start (compose up to /readyz 200)', Date.now() - started]);
  say(`/readyz answered 200 ${seconds(Date.now() - started)} after compose up began`);
  return { base, ready };
}

// ---- 4. the checks -------------------------------------------------------------------------------
async function api(base, key, path, init = {}) {
  const response = await fetch(`${base}/api/v1${path}`, { ...init, headers: { 'X-API-Key': key, ...init.headers }, signal: AbortSignal.timeout(180_000) });
  return { status: response.status, body: await response.json() };
}
function fixture(name) {
  const dir = join(root, 'tests/fixtures/golden');
  return { bytes: readFileSync(join(dir, name)), expected: JSON.parse(readFileSync(join(dir, name.replace(/\.\w+$/, '.expected.json')), 'utf8')) };
}

async function checkStack({ base, ready }) {
  const configured = ready.ocr?.configured_languages ?? [];
  const native = ready.ocr?.engines?.find((e) => e.engine === 'tesseract');
  check(
    '/readyz: native Tesseract reads every configured language',
    native && configured.length > 0 && configured.every((code) => native.languages.includes(code)) && ready.ocr.language_gaps?.length === 0,
    native ? `Tesseract ${native.version}: ${native.languages.join(' ')}` : JSON.stringify(ready.ocr),
  );

  // podman runs the image's HEALTHCHECK (and compose's, for the workers and PostgreSQL) on demand.
  const deadline = Date.now() + 120_000;
  for (const service of SERVICES) {
    let result;
    do {
      result = run('podman', ['healthcheck', 'run', container(service)]);
      if (result.status === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } while (Date.now() < deadline);
    check(`healthcheck of ${service}`, result.status === 0, result.status === 0 ? 'healthy' : lastLine(result.stdout + result.stderr));
  }

  const created = run('podman', ['exec', container('api'), 'ledgerlens', 'keys', 'create', '--business', 'Container test']);
  const key = created.stdout.trim().split('\n').pop() ?? '';
  if (!check('ledgerlens keys create inside the API container', created.status === 0 && key.startsWith('llk_'), created.status === 0 ? '' : lastLine(created.stderr))) return;

  const invoice = fixture('AzureInterior.pdf');
  const form = new FormData();
  form.append('file', new Blob([invoice.bytes], { type: 'application/pdf' }), 'AzureInterior.pdf');
  const upload = await timedAsync('synchronous upload (text PDF, in the API process)', () => api(base, key, '/documents', { method: 'POST', body: form }));
  const total = upload.body.data?.extraction?.total;
  check('POST /documents: an invoice PDF, its total', upload.status === 200 && total === invoice.expected.total, `total ${total}, expected ${invoice.expected.total}, HTTP ${upload.status}`);

  // A batch job: the API runs no workers (serve --no-workers), so only a worker container can do it.
  const receipt = fixture('sroie_003.jpg');
  const batchForm = new FormData();
  batchForm.append('files', new Blob([receipt.bytes], { type: 'image/jpeg' }), 'sroie_003.jpg');
  const job = await timedAsync('batch job (receipt scan, OCR in a worker)', async () => {
    const batch = await api(base, key, '/documents/batch', { method: 'POST', body: batchForm });
    const jobId = batch.body.data?.job_ids?.[0];
    if (batch.status !== 202 || !jobId) return { status: `batch answered ${batch.status} ${JSON.stringify(batch.body)}` };
    const until = Date.now() + 180_000;
    while (Date.now() < until) {
      const polled = await api(base, key, `/jobs/${jobId}`);
      const status = polled.body.data?.status;
      if (status === 'succeeded' || status === 'failed') return { id: jobId, ...polled.body.data };
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return { id: jobId, status: 'not done within 180 s' };
  });
  if (check('POST /documents/batch: the job succeeds', job.status === 'succeeded', `job ${job.id ?? '-'}: ${job.status}${job.error ? ` ${JSON.stringify(job.error)}` : ''}`)) {
    const document = await api(base, key, `/documents/${job.document_id}`);
    const receiptTotal = document.body.data?.extraction?.total;
    const byWorker = ['worker-1', 'worker-2'].find((service) => {
      const logs = run('podman', ['logs', container(service)]);
      return `${logs.stdout}${logs.stderr}`.includes(job.id);
    });
    check('the receipt, read by OCR in a worker: its total', receiptTotal === receipt.expected.total, `total ${receiptTotal}, expected ${receipt.expected.total}, done by ${byWorker ?? 'no worker?'}`);
  }

  // Every process must share the secret key: one with another key refuses to start.
  const stranger = run(
    'podman',
    ['run', '--rm', '--network', `${PROJECT}_default`, '-e', `DATABASE_URL=postgres://ledgerlens:${stackEnv.LEDGERLENS_POSTGRES_PASSWORD}@postgres:5432/ledgerlens`, '-e', `LEDGERLENS_SECRET_KEY=${randomBytes(32).toString('hex')}`, IMAGE, 'worker'],
    { timeout: 120_000 },
  );
  const said = `${stranger.stdout}\n${stranger.stderr}`;
  check('a worker with another LEDGERLENS_SECRET_KEY refuses to start', stranger.status !== 0 && said.includes('LEDGERLENS_SECRET_KEY'), `exit ${stranger.status}: ${lastLine(said).slice(0, 200)}`);
}

// ---- main ------------------------------------------------------------------------------------------
process.on('SIGINT', () => {
  say('interrupted');
  tearDown();
  process.exit(130);
});

let exitCode = 0;
let imageSize = null;
try {
  mkdirSync(cache, { recursive: true });
  requireTools();
  ensureBase();
  chooseRuntime();
  imageSize = buildImages();
  const stack = await startStack();
  try {
    await checkStack(stack);
  } finally {
    if (results.failed) showLogs();
  }
} catch (error) {
  if (!(error instanceof Failure)) throw error;
  say(`FAIL ${error.message}`);
  results.failed += 1;
  if (stackEnv) showLogs();
} finally {
  tearDown();
}
say('timings:');
for (const [label, ms] of timings) say(`  ${label}: ${seconds(ms)}`);
if (imageSize) say(`  image size: ${(imageSize / 1e6).toFixed(0)} MB`);
if (refused.length) {
  say('refused by this machine:');
  for (const line of refused) say(`  ${line}`);
}
console.log(`container: ${results.passed} passed, ${results.failed} failed`);
exitCode = results.failed ? 1 : 0;
process.exit(exitCode);
