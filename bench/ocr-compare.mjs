#!/usr/bin/env node
// Compare OCR engines on the labelled corpus and print the tables as Markdown.
//
//   node bench/ocr-compare.mjs --corpus ../shared/corpus [--save run.json]
//   node bench/ocr-compare.mjs --from run.json          (re-print the tables of a saved run)
//
// Options: --pdfs N (PDFs per folder, spread over the sorted list; default 6), --pages N (pages per PDF,
// default 2), --limit N (images per folder, for a quick run), --skip a,b (sections: accuracy, diacritics,
// parallel, preprocess, module), --only k,k (accuracy and diacritics runs to do, as engine/set keys such as
// native/engEst), --work DIR (rendered pages and language data; default $TMPDIR/ledgerlens-ocr-bench),
// --idle-wait S (longest wait for an idle machine before timing anyway; default 600),
// --module-langs "eng;eng+deu+est" (language sets for the module section).
//
// The "module" section runs the service's own OCR stage (dist/src/pipeline/ocr, so build first) per engine
// and language set: readImageWords on the receipts/photos, ocrPdfPage on image-only PDFs made from the
// degraded scans (as a scanner makes them), timed per page including rendering, with the peak RSS of the
// whole process tree (Node plus its Tesseract children).
//
// Engines: native Tesseract (child process, TSV) with Debian's language packages; the same binary with the
// npm best_int models; tesseract.js 7 with the npm @tesseract.js-data packages. Any of them may be absent:
// it is then reported as absent. Progress goes to stderr, the report to stdout.
//
// There is no ground-truth text, so accuracy is "label recall": the share of the document's labelled values
// (top-level and vendor strings/numbers of <name>.expected.json) that can be found in the OCR text.

import { spawn, spawnSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const THIS_FILE = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------------
// Settings

// Language sets: English alone, English + Estonian (a candidate default), and the five the team asked
// for; tesseract.js has no Russian on npm.
const LANG_SETS = {
  native: { eng: ['eng'], engEst: ['eng', 'est'], engDeuEst: ['eng', 'deu', 'est'], multi: ['eng', 'est', 'deu', 'fin', 'rus'] },
  nativeBest: { eng: ['eng'], multi: ['eng', 'est', 'deu', 'fin'] },
  tjs: { eng: ['eng'], engEst: ['eng', 'est'], engDeuEst: ['eng', 'deu', 'est'], multi: ['eng', 'est', 'deu', 'fin'] },
};
// For the diacritics check every language whose letters appear in the sample.
const DIACRITIC_LANGS = ['eng', 'est', 'deu', 'fin', 'lav', 'lit', 'pol', 'fra', 'rus'];

// Label values that are codes rather than printed text (EUR, DE) are not searched for.
const UNPRINTED_FIELDS = new Set(['currency', 'vendor.country']);
const PHOTO_CAP_PX = 3000;
// A page timed while other processes used more than this many cores is timed again once the machine is idle.
const FOREIGN_CPU_LIMIT = 0.25;
// Native runs use one OpenMP thread per process: on this 2-vCPU machine Tesseract's OpenMP threading made a
// page about twice as slow, not faster (see the throughput table, which also runs the default).
const NATIVE_ENV = { OMP_THREAD_LIMIT: '1' };
// Longest wait for an idle machine before a run is timed anyway (--idle-wait).
let IDLE_WAIT_S = 600;

// ---------------------------------------------------------------------------------------------------
// Small helpers

const log = (...a) => process.stderr.write(`[ocr-compare] ${a.join(' ')}\n`);
const now = () => performance.timeOrigin + performance.now(); // epoch ms, comparable across processes
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (v) => percentile(v, 50);
const sum = (v) => v.reduce((a, b) => a + b, 0);
const mean = (v) => (v.length ? sum(v) / v.length : NaN);
const fmtMs = (v) => (Number.isFinite(v) ? String(Math.round(v)) : '–');
const fmtPct = (num, den) => (den ? `${((100 * num) / den).toFixed(1)} %` : '–');
const fmtMB = (kb) => (Number.isFinite(kb) ? `${Math.round(kb / 1024)} MB` : '–');

function mdTable(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

function commandExists(cmd, args = ['--version']) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.error ? null : `${r.stdout}${r.stderr}`;
}

// ---------------------------------------------------------------------------------------------------
// Foreign CPU load: the other processes on the machine (not this script or its children). Timing is only
// meaningful on an idle machine, so runs wait for idleness and pages timed under load are timed again.

function readProcTicks() {
  const byPid = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch { /* the process ended while we looked */ }
  }
  return byPid;
}

function isOurs(pid, byPid) {
  for (let p = pid, hops = 0; p > 1 && hops < 50; hops++) {
    if (p === process.pid) return true;
    p = byPid.get(p)?.ppid ?? 0;
  }
  return false;
}

class ForeignLoad {
  constructor() { this.samples = []; this.prev = null; this.timer = null; }

  sample() {
    const t = now();
    const byPid = readProcTicks();
    if (this.prev) {
      let ticks = 0;
      for (const [pid, { ticks: cur }] of byPid) {
        if (isOurs(pid, byPid)) continue;
        ticks += cur - (this.prev.byPid.get(pid)?.ticks ?? 0);
      }
      const cores = ticks / 100 / ((t - this.prev.t) / 1000); // USER_HZ is 100 on Linux
      this.samples.push({ from: this.prev.t, to: t, cores });
      if (this.samples.length > 20000) this.samples.splice(0, 10000);
    }
    this.prev = { t, byPid };
  }

  start(intervalMs = 500) { this.sample(); this.timer = setInterval(() => this.sample(), intervalMs); this.timer.unref(); }
  stop() { clearInterval(this.timer); }

  /** Mean foreign cores over a time window (epoch ms). */
  during(from, to) {
    const hit = this.samples.filter((s) => s.from < to && s.to > from);
    return hit.length ? mean(hit.map((s) => s.cores)) : 0;
  }

  async waitForIdle({ seconds = 3, maxWaitS = IDLE_WAIT_S } = {}) {
    const deadline = now() + maxWaitS * 1000;
    for (;;) {
      await sleep(seconds * 1000);
      const load = this.during(now() - seconds * 1000, now());
      if (load < FOREIGN_CPU_LIMIT / 2) return load;
      if (now() > deadline) { log(`machine still busy (${load.toFixed(2)} cores), timing anyway`); return load; }
      log(`waiting for idle machine (others use ${load.toFixed(2)} cores)`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Corpus: documents with labels, and the pages the engines read

/** Evenly spread picks keep vendor families of a folder represented without naming files. */
function pickSpread(list, n) {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
}

function loadDocuments(corpusDir, { pdfsPerFolder, imageLimit }) {
  const docs = [];
  for (const folder of fs.readdirSync(corpusDir).sort()) {
    const dir = path.join(corpusDir, folder);
    if (!fs.statSync(dir).isDirectory()) continue;
    const files = fs.readdirSync(dir).sort();
    const labelled = (f) => fs.existsSync(path.join(dir, f.replace(/\.[^.]+$/, '.expected.json')));
    const images = files.filter((f) => /\.(jpe?g|png)$/i.test(f) && labelled(f)).slice(0, imageLimit ?? Infinity);
    const pdfs = pickSpread(files.filter((f) => /\.pdf$/i.test(f) && labelled(f)), pdfsPerFolder);
    for (const f of [...images, ...pdfs]) {
      docs.push({
        id: `${folder}/${f.replace(/\.[^.]+$/, '')}`,
        folder,
        kind: /\.pdf$/i.test(f) ? 'pdf' : 'image',
        source: path.join(dir, f),
        label: JSON.parse(fs.readFileSync(path.join(dir, f.replace(/\.[^.]+$/, '.expected.json')), 'utf8')),
      });
    }
  }
  return docs;
}

function renderPdfPages(doc, outDir, maxPages) {
  const prefix = path.join(outDir, doc.id.replace(/\//g, '__'));
  const pageFile = new RegExp(`^${escapeRe(path.basename(prefix))}-(\\d+)\\.png$`);
  const existing = () => fs.readdirSync(outDir).filter((f) => pageFile.test(f)).sort((a, b) => Number(pageFile.exec(a)[1]) - Number(pageFile.exec(b)[1]));
  if (existing().length === 0) {
    const r = spawnSync('pdftoppm', ['-r', '300', '-png', '-f', '1', '-l', String(maxPages), doc.source, prefix]);
    if (r.status !== 0) throw new Error(`pdftoppm failed on ${doc.id}: ${r.stderr}`);
  }
  return existing().map((f, i) => ({ path: path.join(outDir, f), pageNo: i + 1 }));
}

function pdfTextLayer(source, pageNo) {
  const r = spawnSync('pdftotext', ['-f', String(pageNo), '-l', String(pageNo), source, '-'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : '';
}

// Deterministic noise so every run degrades the pages the same way.
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A clean render made to look scanned: grey paper, slight skew and blur, sensor noise, JPEG artefacts. */
async function degradeLikeScan(sharp, src, out, seed) {
  if (fs.existsSync(out)) return;
  const { data, info } = await sharp(src)
    .rotate(0.7, { background: '#ffffff' })
    .blur(0.8)
    .grayscale()
    .linear(0.82, 22)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rand = mulberry32(seed);
  for (let i = 0; i < data.length; i++) {
    const noise = (rand() + rand() + rand() - 1.5) * 24; // roughly Gaussian, sd about 12 grey levels
    data[i] = Math.max(0, Math.min(255, data[i] + noise));
  }
  await sharp(data, { raw: info }).jpeg({ quality: 72 }).toFile(out);
}

/**
 * Pages: every image as it is; every PDF page rendered at 300 dpi ("render") and a degraded copy ("scan").
 * Samples are what gets scored: one per image, two per PDF (all render pages, all scan pages).
 */
async function preparePages(docs, workDir, maxPages, sharp, hasPoppler) {
  const renderDir = path.join(workDir, 'pages');
  fs.mkdirSync(renderDir, { recursive: true });
  const pages = [];
  const samples = [];
  for (const doc of docs) {
    if (doc.kind === 'image') {
      const meta = await sharp(doc.source).metadata();
      pages.push({ id: doc.id, set: 'image', path: doc.source, width: meta.width, height: meta.height });
      samples.push({ id: doc.id, group: doc.folder, set: 'image', label: doc.label, pageIds: [doc.id] });
      continue;
    }
    if (!hasPoppler) continue;
    const rendered = renderPdfPages(doc, renderDir, maxPages);
    const renderIds = [];
    const scanIds = [];
    const layers = [];
    for (const { path: png, pageNo } of rendered) {
      const textLayer = pdfTextLayer(doc.source, pageNo);
      layers.push(textLayer);
      const meta = await sharp(png).metadata();
      const scanPath = png.replace(/\.png$/, '.scan.jpg');
      await degradeLikeScan(sharp, png, scanPath, pageNo * 7919 + doc.id.length);
      const base = { width: meta.width, height: meta.height, textLayer };
      pages.push({ id: `${doc.id}#${pageNo}`, set: 'render', path: png, ...base });
      pages.push({ id: `${doc.id}#${pageNo}.scan`, set: 'scan', path: scanPath, ...base });
      renderIds.push(`${doc.id}#${pageNo}`);
      scanIds.push(`${doc.id}#${pageNo}.scan`);
    }
    const textLayer = layers.join('\n');
    samples.push({ id: doc.id, group: `${doc.folder} · 300 dpi render`, set: 'render', label: doc.label, pageIds: renderIds, textLayer });
    samples.push({ id: `${doc.id} (scan)`, group: `${doc.folder} · degraded scan`, set: 'scan', label: doc.label, pageIds: scanIds, textLayer });
  }
  return { pages, samples };
}

// ---------------------------------------------------------------------------------------------------
// Label recall: which labelled values can be found in a text

const foldText = (s) => s.normalize('NFKC').toLowerCase();
const collapsed = (s) => foldText(s).replace(/\s+/g, ' ');
const spaceless = (s) => foldText(s).replace(/\s+/g, '');
const alnumOnly = (s) => foldText(s).replace(/[^\p{L}\p{N}]+/gu, '');
const alnumTokens = (s) => foldText(s).split(/[^\p{L}\p{N}]+/u).filter((t) => t.length >= 2);

function labelTargets(label) {
  const targets = [];
  const add = (field, value) => {
    if (UNPRINTED_FIELDS.has(field) || field.startsWith('_')) return;
    if (typeof value === 'number') targets.push({ field, kind: 'number', value });
    else if (typeof value === 'string' && field.endsWith('_date')) targets.push({ field, kind: 'date', value });
    else if (typeof value === 'string') targets.push({ field, kind: 'string', value });
  };
  for (const [k, v] of Object.entries(label)) add(k, v);
  for (const [k, v] of Object.entries(label.vendor ?? {})) add(`vendor.${k}`, v);
  // SROIE keeps the printed forms; they beat any form we could generate.
  const printed = { issue_date: label._source?.printed_date_label, total: label._source?.printed_total_label };
  for (const t of targets) if (printed[t.field]) t.printed = String(printed[t.field]);
  return targets;
}

/** 1234.5 → 1234.50, 1234,50, 1,234.50, 1.234,50, 1 234,50 … (sign ignored: credit notes print it many ways) */
function numberForms(n) {
  const abs = Math.abs(n);
  const [int, dec] = abs.toFixed(2).split('.');
  const grouped = (sep) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const forms = new Set([`${int}.${dec}`, `${int},${dec}`]);
  for (const sep of [',', '.', ' ', "'"]) for (const d of ['.', ',']) if (sep !== d) forms.add(`${grouped(sep)}${d}${dec}`);
  if (/\.\d{3,}$/.test(String(abs))) { forms.add(String(abs)); forms.add(String(abs).replace('.', ',')); }
  return [...forms];
}

const MONTHS = {
  en: ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  de: ['januar', 'februar', 'märz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};

/** The ways an ISO date is commonly printed on invoices and receipts (numeric and with month names). */
function dateForms(iso) {
  const [y, m, d] = iso.split('-');
  const yy = y.slice(2);
  const dn = String(Number(d));
  const mn = String(Number(m));
  const forms = new Set();
  for (const sep of ['.', '/', '-']) {
    for (const [dd, mm] of [[d, m], [dn, mn]]) {
      forms.add(`${dd}${sep}${mm}${sep}${y}`).add(`${dd}${sep}${mm}${sep}${yy}`);
      forms.add(`${mm}${sep}${dd}${sep}${y}`).add(`${mm}${sep}${dd}${sep}${yy}`);
    }
    forms.add(`${y}${sep}${m}${sep}${d}`);
  }
  for (const names of Object.values(MONTHS)) {
    const full = names[Number(m) - 1];
    for (const mon of [full, full.slice(0, 3)]) {
      for (const dd of [d, dn]) {
        forms.add(`${dd} ${mon} ${y}`).add(`${dd}. ${mon} ${y}`).add(`${dd}-${mon}-${y}`).add(`${dd}-${mon}-${yy}`).add(`${dd} ${mon} ${yy}`);
        forms.add(`${mon} ${dd}, ${y}`).add(`${mon} ${dd} ${y}`);
      }
    }
  }
  return [...forms];
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A number or date form must not be a piece of a longer number (0.95 inside 10.95). */
function containsBounded(haystack, form) {
  const re = new RegExp(`(?<!\\d)(?<!\\d[.,])${escapeRe(form)}(?!\\d)(?![.,]\\d)`, 'u');
  return re.test(haystack);
}

function prepareText(text) {
  return { collapsed: collapsed(text), spaceless: spaceless(text), alnum: alnumOnly(text), tokens: new Set(alnumTokens(text)) };
}

function findTarget(target, t) {
  if (target.kind === 'string') {
    const want = alnumOnly(target.value);
    const tokens = alnumTokens(target.value);
    const tokenHits = tokens.filter((tok) => t.tokens.has(tok)).length;
    return { found: want.length >= 2 && t.alnum.includes(want), tokens: tokens.length, tokenHits };
  }
  const forms = target.kind === 'number' ? numberForms(target.value) : dateForms(target.value);
  if (target.printed) forms.push(foldText(target.printed));
  // OCR often adds or drops a space inside "11. Juli 2014" or "1 234,50": try both spacings.
  const found = forms.some((f) => containsBounded(t.collapsed, f) || containsBounded(t.spaceless, f.replace(/\s+/g, '')));
  return { found, tokens: 0, tokenHits: 0 };
}

function scoreSample(sample, text) {
  const t = prepareText(text);
  return labelTargets(sample.label).map((target) => ({ field: target.field, kind: target.kind, ...findTarget(target, t) }));
}

/** Bag-of-words recall against the PDF text layer: how much of the printed text the engine read. */
function textLayerRecall(textLayer, ocrText) {
  const count = (tokens) => tokens.reduce((m, tok) => m.set(tok, (m.get(tok) ?? 0) + 1), new Map());
  const want = count(alnumTokens(textLayer));
  const got = count(alnumTokens(ocrText));
  let hit = 0;
  for (const [tok, n] of want) hit += Math.min(n, got.get(tok) ?? 0);
  return { hit, total: sum([...want.values()]) };
}

// ---------------------------------------------------------------------------------------------------
// Native Tesseract: one child process per page, TSV on stdout

function nativeInfo() {
  const version = commandExists('tesseract');
  if (!version) return null;
  const list = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  const langs = `${list.stdout}`.split('\n').slice(1).map((s) => s.trim()).filter(Boolean);
  return { version: version.split('\n')[0].trim(), langs };
}

/** VmHWM is the child's own high-water mark, so polling it misses at most the last few milliseconds. */
function watchPeakRss(pid) {
  let peakKB = 0;
  const read = () => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peakKB = Math.max(peakKB, Number(m[1]));
    } catch { /* exited */ }
  };
  const timer = setInterval(read, 15);
  return { stop: () => { clearInterval(timer); return peakKB; }, read };
}

function parseTesseractTsv(tsv) {
  const lines = new Map();
  const words = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = c.slice(11).join('\t').trim();
    if (!text) continue;
    const key = `${c[2]}.${c[3]}.${c[4]}`; // block.paragraph.line
    if (!lines.has(key)) lines.set(key, []);
    lines.get(key).push(text);
    words.push({ text, conf: Number(c[10]) });
  }
  return { text: [...lines.values()].map((w) => w.join(' ')).join('\n'), words };
}

function runNativePage(imgPath, langs, { tessdataDir, env = NATIVE_ENV } = {}) {
  // -c rather than the "tsv" config file: config files are looked up in the tessdata dir, which
  // --tessdata-dir replaces.
  const args = [imgPath, 'stdout', '-l', langs.join('+'), '--psm', '3', '-c', 'tessedit_create_tsv=1'];
  if (tessdataDir) args.push('--tessdata-dir', tessdataDir);
  const childEnv = { ...process.env, ...env };
  if (!('OMP_THREAD_LIMIT' in env)) delete childEnv.OMP_THREAD_LIMIT; // {} means Tesseract's default
  return new Promise((resolve, reject) => {
    const t0 = now();
    const child = spawn('tesseract', args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const rss = watchPeakRss(child.pid);
    const out = [];
    child.stdout.on('data', (d) => { out.push(d); rss.read(); });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      const t1 = now();
      const rssKB = rss.stop();
      if (code !== 0) return reject(new Error(`tesseract exited ${code} on ${imgPath}`));
      const { text, words } = parseTesseractTsv(Buffer.concat(out).toString('utf8'));
      resolve({ t0, t1, ms: t1 - t0, rssKB, text, words: words.length, confSum: sum(words.map((w) => w.conf)) });
    });
  });
}

/** Start-up cost of one call: spawn plus model load, measured on a blank 64×64 image. */
async function nativeStartupMs(langs, blankPng, opts) {
  const times = [];
  for (let i = 0; i < 5; i++) times.push((await runNativePage(blankPng, langs, opts)).ms);
  return median(times);
}

// ---------------------------------------------------------------------------------------------------
// tesseract.js: runs in a forked child so each configuration's peak RSS is its own

function tjsInfo() {
  try {
    const version = require('tesseract.js/package.json').version;
    const core = require('tesseract.js-core/package.json').version;
    return { version, core, data: npmLanguageData() };
  } catch {
    return null;
  }
}

/**
 * The @tesseract.js-data/<lang> packages hold 4.0.0/ (legacy + LSTM) and 4.0.0_best_int/ (LSTM only).
 * With OEM.LSTM_ONLY tesseract.js itself fetches 4.0.0_best_int, so that is what we load.
 */
function npmLanguageData() {
  let root;
  try { root = path.dirname(path.dirname(require.resolve('@tesseract.js-data/eng/package.json'))); } catch { return {}; }
  const data = {};
  for (const code of fs.readdirSync(root)) {
    const file = path.join(root, code, '4.0.0_best_int', `${code}.traineddata.gz`);
    if (fs.existsSync(file)) data[code] = file;
  }
  return data;
}

/**
 * tesseract.js 7.0.0 reads every language from one langPath, while npm ships one package per language;
 * and passing {code, data} objects fails there (initialize() joins l.data instead of l.code). So the
 * languages are linked into one folder.
 */
function linkTjsLangDir(workDir, data) {
  const dir = path.join(workDir, 'tjs-langs');
  fs.mkdirSync(dir, { recursive: true });
  for (const [code, file] of Object.entries(data)) {
    const link = path.join(dir, `${code}.traineddata.gz`);
    if (!fs.existsSync(link)) fs.symlinkSync(file, link);
  }
  return dir;
}

/** The same best_int models for the native binary, which wants uncompressed files. */
function unpackBestIntDir(workDir, data) {
  const dir = path.join(workDir, 'best-int');
  fs.mkdirSync(dir, { recursive: true });
  for (const [code, file] of Object.entries(data)) {
    const out = path.join(dir, `${code}.traineddata`);
    if (!fs.existsSync(out)) fs.writeFileSync(out, zlib.gunzipSync(fs.readFileSync(file)));
  }
  return dir;
}

function runTjsChild(job) {
  return new Promise((resolve, reject) => {
    // Tesseract's chatter ("Estimating resolution as …") is kept out of the report unless the child fails.
    const child = fork(THIS_FILE, ['--tjs-child'], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const stderr = [];
    child.stderr.on('data', (d) => stderr.push(d));
    child.once('message', (msg) => (msg.error ? reject(new Error(msg.error)) : resolve(msg)));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`tesseract.js child exited ${code}: ${Buffer.concat(stderr)}`)));
    child.send(job);
  });
}

function wordsOf(page) {
  return (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
}

/** Child side: create the worker(s), read the pages, report timings and memory, exit. */
async function tjsChildMain() {
  const job = await new Promise((r) => process.once('message', r));
  try {
    const { default: Tesseract } = await import('tesseract.js');
    const baseRssKB = Math.round(process.memoryUsage().rss / 1024);
    const t0 = now();
    const options = { langPath: job.langPath, cacheMethod: 'none', gzip: true };
    const workers = [];
    for (let i = 0; i < job.workers; i++) {
      const w = await Tesseract.createWorker(job.langs, Tesseract.OEM.LSTM_ONLY, options);
      await w.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
      workers.push(w);
    }
    const startupMs = (now() - t0) / job.workers;
    const afterStartRssKB = Math.round(process.memoryUsage().rss / 1024);
    const recognize = async (w, page) => {
      const img = fs.readFileSync(page.path);
      const p0 = now();
      const { data } = await w.recognize(img, {}, { text: true, blocks: true });
      const p1 = now();
      const words = wordsOf(data);
      return { id: page.id, t0: p0, t1: p1, ms: p1 - p0, text: data.text, words: words.length, confSum: sum(words.map((x) => x.confidence)) };
    };
    const w0 = now();
    let results;
    if (job.workers === 1) {
      results = [];
      for (const page of job.pages) results.push(await recognize(workers[0], page));
    } else {
      // A shared queue: each worker takes the next page when it is free (what a scheduler does).
      const queue = [...job.pages];
      const take = async (w) => { const out = []; while (queue.length) out.push(await recognize(w, queue.shift())); return out; };
      results = (await Promise.all(workers.map(take))).flat();
    }
    const wallMs = now() - w0;
    const peakRssKB = process.resourceUsage().maxRSS;
    await Promise.all(workers.map((w) => w.terminate()));
    process.send({ startupMs, baseRssKB, afterStartRssKB, peakRssKB, wallMs, results }, () => process.exit(0));
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) }, () => process.exit(0));
  }
}

// ---------------------------------------------------------------------------------------------------
// Runs: one engine with one language set over a list of pages

function engineTable(env) {
  const engines = [];
  if (env.native) {
    engines.push({ key: 'native', label: `native ${env.native.version.replace('tesseract ', '')} (Debian data)`, kind: 'native', langs: LANG_SETS.native, available: env.native.langs, opts: {} });
  }
  if (env.native && env.bestIntDir) {
    engines.push({ key: 'nativeBest', label: 'native + npm best_int data', kind: 'native', langs: LANG_SETS.nativeBest, available: Object.keys(env.tjs.data), opts: { tessdataDir: env.bestIntDir } });
  }
  if (env.tjs) {
    engines.push({ key: 'tjs', label: `tesseract.js ${env.tjs.version}`, kind: 'tjs', langs: LANG_SETS.tjs, available: Object.keys(env.tjs.data), opts: {} });
  }
  return engines;
}

const missingLangs = (engine, langs) => langs.filter((l) => !engine.available.includes(l));

async function runEngine(engine, langs, pages, ctx, { env, workers = 1 } = {}) {
  if (engine.kind === 'native') {
    const opts = { ...engine.opts, env: env ?? NATIVE_ENV };
    const startupMs = await nativeStartupMs(langs, ctx.blankPng, opts);
    const results = [];
    const w0 = now();
    if (workers === 1) {
      for (const page of pages) results.push({ id: page.id, ...(await runNativePage(page.path, langs, opts)) });
    } else {
      const queue = [...pages];
      const take = async () => { while (queue.length) { const p = queue.shift(); results.push({ id: p.id, ...(await runNativePage(p.path, langs, opts)) }); } };
      await Promise.all(Array.from({ length: workers }, take));
    }
    const wallMs = now() - w0;
    return { startupMs, wallMs, peakRssKB: Math.max(...results.map((r) => r.rssKB)), results };
  }
  const msg = await runTjsChild({ langs, langPath: ctx.tjsLangDir, workers, pages: pages.map((p) => ({ id: p.id, path: p.path })) });
  return { ...msg, workerRssKB: (msg.afterStartRssKB - msg.baseRssKB) / workers };
}

/** Run, then time again the pages that other processes slowed down (texts are deterministic). */
async function timedRun(engine, langs, pages, ctx, opts = {}) {
  await ctx.load.waitForIdle();
  log(`${engine.key} ${langs.join('+')} ${opts.workers ?? 1}w ${opts.env ? JSON.stringify(opts.env) : ''}: ${pages.length} pages`);
  const start = now();
  const run = await runEngine(engine, langs, pages, ctx, opts);
  run.foreignCores = ctx.load.during(start, now());
  if (opts.throughput) return run;
  for (let attempt = 0; attempt < 2; attempt++) {
    const slowed = run.results.filter((r) => ctx.load.during(r.t0, r.t1) > FOREIGN_CPU_LIMIT);
    if (slowed.length === 0) break;
    log(`  re-timing ${slowed.length} pages timed under foreign load`);
    await ctx.load.waitForIdle();
    const again = await runEngine(engine, langs, pages.filter((p) => slowed.some((s) => s.id === p.id)), ctx, opts);
    for (const r of again.results) Object.assign(run.results.find((x) => x.id === r.id), { t0: r.t0, t1: r.t1, ms: r.ms, rssKB: r.rssKB ?? run.results.find((x) => x.id === r.id).rssKB });
    run.retimed = (run.retimed ?? 0) + slowed.length;
  }
  return run;
}

/** Throughput is judged by wall time, so a run disturbed by other processes is repeated whole. */
async function throughputRun(engine, langs, pages, ctx, opts) {
  let run;
  for (let attempt = 0; attempt < 3; attempt++) {
    run = await timedRun(engine, langs, pages, ctx, { ...opts, throughput: true });
    if (run.foreignCores <= FOREIGN_CPU_LIMIT / 2) break;
    log(`  other processes used ${run.foreignCores.toFixed(2)} cores: repeating the run`);
  }
  return run;
}

// ---------------------------------------------------------------------------------------------------
// Diacritics: a generated text with the letters our customers' documents carry

const DIACRITIC_LINES = [
  'Arve nr 2024/117 — Põhjala Õlletehas OÜ, Õismäe tee 5, Tallinn',
  'Käibemaks 22 %: 1 234,50 € · Müügiarve tasumisel märkige viitenumber',
  'Šokolaad ja žele, Pärnu mnt 22 — Tšekk nr 15; Žurnaal, Võru',
  'Rechnung: Größe, Straße, Gebühr und Müller GmbH, Düsseldorf, 19,00 €',
  'Zażółć gęślą jaźń — Łódź, ul. Piłsudskiego 12, Wrocław, Kraków',
  'Šiaulių bankas, Vilnius; ąžuolas, šaltinis, žiema, Kaunas',
  'Facture réglée à Besançon, société générale, été 2024, 49,90 €',
  'Счёт-фактура № 15 от 12.03.2024. Итого к оплате: 1 250,00 руб.',
  'Поставщик: ООО «Северный ветер», Санкт-Петербург, ИНН 7801234567',
  'Äriregistri kood 10234567, Pööripäeva 3; Hyvää päivää, Jyväskylä',
];
const COUNTED_CHARS = ['õ', 'ä', 'ö', 'ü', 'š', 'ž', 'ą', 'ł', 'é', 'ß', '€'];

function countSpecialChars(text) {
  const lower = text.toLowerCase();
  const counts = Object.fromEntries(COUNTED_CHARS.map((c) => [c, [...lower].filter((x) => x === c).length]));
  counts.cyrillic = [...lower].filter((x) => /\p{Script=Cyrillic}/u.test(x)).length;
  return counts;
}

/** Per character: min(found, expected), so extra look-alikes elsewhere cannot make up for misses. */
function diacriticsRecovered(ocrText) {
  const want = countSpecialChars(DIACRITIC_LINES.join('\n'));
  const got = countSpecialChars(ocrText);
  const perChar = Object.fromEntries(Object.entries(want).map(([c, n]) => [c, Math.min(n, got[c])]));
  return { perChar, want, recovered: sum(Object.values(perChar)), total: sum(Object.values(want)) };
}

async function renderDiacriticsImage(sharp, dir) {
  const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = DIACRITIC_LINES.map((l, i) => `<text x="120" y="${200 + i * 110}">${xml(l)}</text>`).join('');
  // 46 px at 300 dpi is an 11 pt font, the size of an invoice's body text.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="1500"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans" font-size="46" fill="#111">${lines}</g></svg>`;
  const clean = path.join(dir, 'diacritics.png');
  await sharp(Buffer.from(svg)).png().toFile(clean);
  const scan = path.join(dir, 'diacritics.scan.jpg');
  if (fs.existsSync(scan)) fs.unlinkSync(scan);
  await degradeLikeScan(sharp, clean, scan, 4242);
  return [{ id: 'diacritics', set: 'render', path: clean }, { id: 'diacritics.scan', set: 'scan', path: scan }];
}

// ---------------------------------------------------------------------------------------------------
// Pre-processing for photos: cap the long side, and grayscale + normalise

async function preprocessImage(sharp, page, dir, variant) {
  const out = path.join(dir, `${page.id.replace(/\//g, '__')}.${variant}.png`);
  const t0 = now();
  const { width, height, density } = await sharp(page.path).metadata();
  const scale = Math.min(1, PHOTO_CAP_PX / Math.max(width, height));
  let img = sharp(page.path).rotate(); // applies EXIF orientation
  img = img.resize({ width: PHOTO_CAP_PX, height: PHOTO_CAP_PX, fit: 'inside', withoutEnlargement: true });
  if (variant === 'gray') img = img.grayscale().normalise();
  // Tesseract sizes its line finding by the image's dpi: keep it (scaled), so only the pixels change.
  if (density) img = img.withDensity(density * scale);
  await img.png({ compressionLevel: 1 }).toFile(out); // fast PNG: the file only carries pixels to tesseract
  return { ...page, id: `${page.id}@${variant}`, srcId: page.id, path: out, prepMs: now() - t0 };
}

// ---------------------------------------------------------------------------------------------------
// Main measurement

async function measure(opt) {
  const { default: sharp } = await import('sharp');
  const workDir = path.resolve(opt.work);
  fs.mkdirSync(workDir, { recursive: true });
  const skip = new Set(opt.skip.split(',').filter(Boolean));
  const only = opt.only ? new Set(opt.only.split(',')) : null;
  const wanted = (key) => !only || only.has(key);

  const native = nativeInfo();
  const tjs = tjsInfo();
  const hasPoppler = Boolean(commandExists('pdftoppm', ['-v']));
  const bestIntDir = native && tjs ? unpackBestIntDir(workDir, tjs.data) : null;
  const env = { native, tjs, bestIntDir };
  const engines = engineTable(env);
  log(`native: ${native ? native.version : 'absent'}; tesseract.js: ${tjs ? tjs.version : 'absent'}; poppler: ${hasPoppler ? 'yes' : 'absent'}`);

  const docs = loadDocuments(path.resolve(opt.corpus), { pdfsPerFolder: Number(opt.pdfs), imageLimit: opt.limit ? Number(opt.limit) : undefined });
  const { pages, samples } = await preparePages(docs, workDir, Number(opt.pages), sharp, hasPoppler);
  log(`${docs.length} documents, ${pages.length} pages`);

  const blankPng = path.join(workDir, 'blank.png');
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toFile(blankPng);
  const load = new ForeignLoad();
  load.start();
  const ctx = { blankPng, tjsLangDir: tjs ? linkTjsLangDir(workDir, tjs.data) : null, load };

  const state = {
    meta: {
      date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model,
      memGiB: Math.round(os.totalmem() / 2 ** 30), native: native?.version ?? null, nativeLangs: native?.langs ?? [],
      tjs: tjs ? `${tjs.version} (core ${tjs.core})` : null, tjsLangs: tjs ? Object.keys(tjs.data) : [], poppler: hasPoppler,
      args: { pdfs: opt.pdfs, pages: opt.pages, limit: opt.limit ?? null },
    },
    engines: engines.map(({ key, label, kind, langs }) => ({ key, label, kind, langs })),
    pages: pages.map(({ textLayer, ...p }) => ({ ...p, textLayer })),
    samples: samples.map((s) => ({ ...s })),
    runs: {}, diacritics: [], parallel: [], preprocess: [],
  };

  if (!skip.has('accuracy')) {
    for (const engine of engines) {
      for (const [setKey, langs] of Object.entries(engine.langs)) {
        const key = `${engine.key}/${setKey}`;
        if (!wanted(key)) continue;
        if (missingLangs(engine, langs).length) { state.runs[key] = { missing: missingLangs(engine, langs) }; continue; }
        state.runs[key] = await timedRun(engine, langs, pages, ctx);
      }
    }
  }

  if (!skip.has('diacritics')) {
    const diaPages = await renderDiacriticsImage(sharp, workDir);
    for (const engine of engines) {
      const sets = { ...engine.langs, all: DIACRITIC_LANGS.filter((l) => engine.available.includes(l)) };
      for (const [setKey, langs] of Object.entries(sets)) {
        if (!wanted(`${engine.key}/${setKey}`) || missingLangs(engine, langs).length) continue;
        const run = await runEngine(engine, langs, diaPages, ctx);
        for (const r of run.results) state.diacritics.push({ engine: engine.key, setKey, langs, page: r.id, ms: r.ms, ...diacriticsRecovered(r.text), text: r.text });
      }
    }
  }

  const throughputPages = pages.filter((p) => p.set !== 'scan');
  if (!skip.has('parallel')) {
    for (const engine of engines.filter((e) => e.key !== 'nativeBest')) {
      const variants = engine.kind === 'native'
        ? [[1, {}], [1, { OMP_THREAD_LIMIT: '1' }], [2, {}], [2, { OMP_THREAD_LIMIT: '1' }]]
        : [[1, undefined], [2, undefined]];
      for (const [workers, envVars] of variants) {
        const run = await throughputRun(engine, ['eng'], throughputPages, ctx, { workers, env: envVars });
        state.parallel.push({ engine: engine.key, workers, env: envVars ?? {}, ...summariseRun(run, throughputPages) });
      }
    }
  }

  if (!skip.has('preprocess')) {
    const photoPages = pages.filter((p) => p.set === 'image');
    const prepDir = path.join(workDir, 'prep');
    fs.mkdirSync(prepDir, { recursive: true });
    for (const variant of ['cap', 'gray']) {
      const prepared = [];
      for (const p of photoPages) prepared.push(await preprocessImage(sharp, p, prepDir, variant));
      for (const engine of engines.filter((e) => e.key !== 'nativeBest')) {
        for (const setKey of ['eng', 'multi']) {
          const langs = engine.langs[setKey];
          if (missingLangs(engine, langs).length) continue;
          const run = await timedRun(engine, langs, prepared, ctx);
          state.preprocess.push({ engine: engine.key, setKey, variant, prep: prepared.map(({ srcId, prepMs, width, height }) => ({ srcId, prepMs, width, height })), run });
        }
      }
    }
  }

  if (!skip.has('module')) {
    const modulePages = pages.filter((p) => p.set === 'image' || p.set === 'scan');
    state.module = [];
    for (const engine of engines.filter((e) => e.key !== 'nativeBest')) {
      for (const langs of opt['module-langs'].split(';').map((l) => l.split('+'))) {
        if (missingLangs(engine, langs).length) continue;
        await load.waitForIdle();
        log(`module ${engine.key} ${langs.join('+')}: ${modulePages.length} pages`);
        const start = now();
        const run = await runModuleChild(engine.kind === 'native' ? 'tesseract' : 'tesseract.js', langs, modulePages);
        state.module.push({ engine: engine.key, langs, foreignCores: load.during(start, now()), ...run });
      }
    }
  }

  load.stop();
  return state;
}

// ---------------------------------------------------------------------------------------------------
// The service's own OCR stage, in a child per engine and language set (the engine is chosen once per process)

/** Peak RSS of a process and all its descendants together, sampled from /proc. */
function watchTreeRss(rootPid) {
  let peakKB = 0;
  const timer = setInterval(() => {
    const byPid = readProcTicks();
    let kb = 0;
    for (const pid of byPid.keys()) {
      let p = pid;
      for (let hops = 0; p > 1 && p !== rootPid && hops < 50; hops++) p = byPid.get(p)?.ppid ?? 0;
      if (p !== rootPid) continue;
      try { kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0); } catch { /* gone */ }
    }
    peakKB = Math.max(peakKB, kb);
  }, 50);
  return () => { clearInterval(timer); return peakKB; };
}

function runModuleChild(engineName, langs, pages) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, LEDGERLENS_OCR_ENGINE: engineName, LEDGERLENS_OCR_LANGUAGES: langs.join('+') };
    const child = fork(THIS_FILE, ['--module-child'], { env, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const stopRss = watchTreeRss(child.pid);
    const stderr = [];
    child.stderr.on('data', (d) => stderr.push(d));
    child.once('message', (msg) => { const treePeakKB = stopRss(); msg.error ? reject(new Error(msg.error)) : resolve({ ...msg, treePeakKB }); });
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`module child exited ${code}: ${Buffer.concat(stderr)}`)));
    child.send({ pages: pages.map(({ id, set, path: p, width, height }) => ({ id, set, path: p, width, height })) });
  });
}

/** Words back into lines (a word whose top is below the previous word's bottom starts one), for label recall. */
function pageText(words) {
  let text = '';
  let prev = null;
  for (const w of words) {
    text += prev ? (w.box[1] > prev.box[3] ? '\n' : ' ') : '';
    text += w.text;
    prev = w;
  }
  return text;
}

async function moduleChildMain() {
  const job = await new Promise((r) => process.once('message', r));
  try {
    const root = path.resolve(path.dirname(THIS_FILE), '..');
    const ocr = await import(path.join(root, 'dist/src/pipeline/ocr/index.js'));
    const { openPdf } = await import(path.join(root, 'dist/src/ingest/open-pdf.js'));
    const { PDFDocument } = await import('pdf-lib');
    const status = await ocr.ocrEngineStatus();
    // Warm-up (pdfjs, sharp, a tesseract.js worker's start): the first page of a process is not typical.
    const t0 = now();
    const warm = job.pages.find((p) => p.set === 'image');
    if (warm) await ocr.readImageWords(fs.readFileSync(warm.path), /\.png$/i.test(warm.path) ? 'image/png' : 'image/jpeg');
    const warmUpMs = now() - t0;
    const results = [];
    for (const page of job.pages) {
      const bytes = fs.readFileSync(page.path);
      let read;
      let p0;
      if (page.set === 'scan') {
        const doc = await PDFDocument.create();
        const image = await doc.embedJpg(bytes);
        const [w, h] = [(page.width * 72) / 300, (page.height * 72) / 300];
        doc.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
        const pdf = await openPdf(await doc.save(), { maxPages: 10, maxPixels: 1e9 });
        p0 = now();
        const r = await ocr.ocrPdfPage(await pdf.getPage(1));
        read = { pages: [r.words], warnings: r.warnings };
        await pdf.destroy();
      } else {
        p0 = now();
        read = await ocr.readImageWords(bytes, /\.png$/i.test(page.path) ? 'image/png' : 'image/jpeg');
      }
      const p1 = now();
      const words = read.pages.flatMap((p) => p.words);
      results.push({ id: page.id, set: page.set, t0: p0, t1: p1, ms: p1 - p0, text: read.pages.map((p) => pageText(p.words)).join('\n'), warnings: read.warnings, words: words.length, confSum: sum(words.map((w) => w.confidence * 100)) });
    }
    await ocr.closeOcr();
    process.send({ status, warmUpMs, results }, () => process.exit(0));
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) }, () => process.exit(0));
  }
}

function summariseRun(run, pages) {
  const msOf = (set) => run.results.filter((r) => pages.find((p) => p.id === r.id)?.set === set).map((r) => r.ms);
  return {
    wallMs: run.wallMs, pages: run.results.length, medianImageMs: median(msOf('image')), medianPageMs: median(msOf('render')),
    peakRssKB: run.peakRssKB, foreignCores: run.foreignCores,
  };
}

// ---------------------------------------------------------------------------------------------------
// Report

function runTexts(run) {
  return new Map((run?.results ?? []).map((r) => [r.id, r]));
}

function sampleText(sample, texts) {
  return sample.pageIds.map((id) => texts.get(id)?.text ?? '').join('\n');
}

function recallOf(samples, textFor) {
  const hits = samples.flatMap((s) => scoreSample(s, textFor(s)));
  const tokenTotal = sum(hits.map((h) => h.tokens));
  return {
    found: hits.filter((h) => h.found).length, total: hits.length,
    byKind: Object.fromEntries(['number', 'date', 'string'].map((k) => [k, [hits.filter((h) => h.kind === k && h.found).length, hits.filter((h) => h.kind === k).length]])),
    tokenHits: sum(hits.map((h) => h.tokenHits)), tokenTotal,
  };
}

function runColumns(state) {
  return Object.entries(state.runs).map(([key, run]) => {
    const [engineKey, setKey] = key.split('/');
    const engine = state.engines.find((e) => e.key === engineKey);
    return { key, run, title: `${engine.label}, ${engine.langs[setKey].join('+')}` };
  });
}

function reportSetup(state) {
  const m = state.meta;
  const count = (set) => state.pages.filter((p) => p.set === set).length;
  const docs = (set) => state.samples.filter((s) => s.set === set).length;
  return [
    `Measured ${m.date.slice(0, 10)} on ${m.cpus} × ${m.cpuModel}, ${m.memGiB} GiB, Node ${m.node}.`,
    `Native: ${m.native ?? '**absent** (tesseract not on PATH)'}${m.native ? ` with ${m.nativeLangs.join(' ')}` : ''}. ` +
      `tesseract.js: ${m.tjs ?? '**absent**'}${m.tjs ? ` with npm data ${m.tjsLangs.join(' ')}` : ''}. PDF rendering: ${m.poppler ? 'pdftoppm' : '**absent** (no PDF pages)'}.`,
    `Pages: ${count('image')} receipt scans/photos (${docs('image')} documents); ${count('render')} PDF pages of ${docs('render')} documents rendered at 300 dpi, ` +
      `and the same ${count('scan')} pages degraded to look scanned. Settings: ${JSON.stringify(m.args)}.`,
  ].join('\n');
}

function reportRecall(state) {
  const cols = runColumns(state).filter((c) => c.run.results);
  const groups = [...new Set(state.samples.map((s) => s.group))];
  const hasLayer = state.samples.some((s) => s.textLayer !== undefined);
  const row = (name, samples) => {
    const nLabels = sum(samples.map((s) => labelTargets(s.label).length));
    const cells = cols.map((c) => { const r = recallOf(samples, (s) => sampleText(s, runTexts(c.run))); return fmtPct(r.found, r.total); });
    const layer = samples.every((s) => s.textLayer !== undefined) ? (() => { const r = recallOf(samples, (s) => s.textLayer); return fmtPct(r.found, r.total); })() : '';
    return [name, String(samples.length), String(nLabels), ...cells, ...(hasLayer ? [layer] : [])];
  };
  const rows = groups.map((g) => row(g, state.samples.filter((s) => s.group === g)));
  for (const [set, name] of [['image', '**all receipts/photos**'], ['render', '**all 300 dpi renders**'], ['scan', '**all degraded scans**']]) {
    const s = state.samples.filter((x) => x.set === set);
    if (s.length) rows.push(row(name, s));
  }
  const byKindRows = cols.map((c) => {
    const r = recallOf(state.samples, (s) => sampleText(s, runTexts(c.run)));
    return [c.title, ...['number', 'date', 'string'].map((k) => `${fmtPct(...r.byKind[k])} (${r.byKind[k][1]})`), fmtPct(r.tokenHits, r.tokenTotal)];
  });
  if (hasLayer) {
    const pdfSamples = state.samples.filter((s) => s.set === 'render');
    const r = recallOf(pdfSamples, (s) => s.textLayer);
    byKindRows.push(['PDF text layer (renders only: ceiling)', ...['number', 'date', 'string'].map((k) => `${fmtPct(...r.byKind[k])} (${r.byKind[k][1]})`), fmtPct(r.tokenHits, r.tokenTotal)]);
  }
  return [
    '#### Label recall per folder (share of labelled values found in the OCR text)',
    mdTable(['folder', 'docs', 'labels', ...cols.map((c) => c.title), ...(hasLayer ? ['PDF text layer (ceiling)'] : [])], rows),
    '',
    '#### Label recall by kind of value, all documents (labels in brackets)',
    mdTable(['engine, languages', 'numbers', 'dates', 'strings (whole value)', 'words of string values'], byKindRows),
  ].join('\n');
}

function reportTextQuality(state) {
  const cols = runColumns(state).filter((c) => c.run.results);
  const rows = cols.map((c) => {
    const texts = runTexts(c.run);
    const cells = [];
    for (const set of ['image', 'render', 'scan']) {
      const pages = state.pages.filter((p) => p.set === set);
      if (!pages.length) continue;
      const res = pages.map((p) => texts.get(p.id)).filter(Boolean);
      const chars = sum(res.map((r) => r.text.replace(/\s/g, '').length));
      const conf = sum(res.map((r) => r.confSum)) / sum(res.map((r) => r.words));
      cells.push(`${Math.round(chars / res.length)} / ${conf.toFixed(1)}`);
      if (set !== 'image') {
        const tl = pages.map((p) => textLayerRecall(p.textLayer ?? '', texts.get(p.id)?.text ?? ''));
        cells.push(fmtPct(sum(tl.map((x) => x.hit)), sum(tl.map((x) => x.total))));
      }
    }
    return [c.title, ...cells];
  });
  const headers = ['engine, languages', 'receipts/photos: chars per page / mean word conf'];
  if (state.pages.some((p) => p.set === 'render')) headers.push('renders: chars / conf', 'renders: words of text layer read', 'scans: chars / conf', 'scans: words of text layer read');
  return ['#### Text read (non-space characters per page, mean word confidence 0–100, bag-of-words recall of the PDF text layer)', mdTable(headers, rows)].join('\n');
}

/**
 * Latin letters beyond ASCII, counted per character so extra letters cannot make up for missed ones.
 * Latin only: some text layers carry junk from fonts without a proper ToUnicode map.
 */
function diacriticLetters(text) {
  const m = new Map();
  for (const c of text.normalize('NFC')) if (/\p{Script=Latin}/u.test(c) && c.codePointAt(0) > 127) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/**
 * What loading more languages does on real pages: diacritics of the PDF text layer recovered, and
 * Cyrillic letters produced although the corpus prints none (look-alikes such as А В Е К М Н О Р С Т Х).
 */
function reportLanguageEffects(state) {
  const cols = runColumns(state).filter((c) => c.run.results);
  const pdfPages = (set) => state.pages.filter((p) => p.set === set);
  const rows = cols.map((c) => {
    const texts = runTexts(c.run);
    const recovered = (set) => {
      let hit = 0;
      let total = 0;
      for (const p of pdfPages(set)) {
        const want = diacriticLetters(p.textLayer ?? '');
        const got = diacriticLetters(texts.get(p.id)?.text ?? '');
        for (const [ch, n] of want) { total += n; hit += Math.min(n, got.get(ch) ?? 0); }
      }
      return fmtPct(hit, total) + ` of ${total}`;
    };
    const cyrillic = state.pages.map((p) => [...(texts.get(p.id)?.text ?? '')].filter((ch) => /\p{Script=Cyrillic}/u.test(ch)).length);
    const pagesWith = cyrillic.filter((n) => n > 0).length;
    return [c.title, ...(pdfPages('render').length ? [recovered('render'), recovered('scan')] : []), `${sum(cyrillic)} on ${pagesWith} of ${cyrillic.length} pages`];
  });
  const headers = ['engine, languages', ...(state.pages.some((p) => p.set === 'render') ? ['text-layer diacritics recovered, renders', 'degraded scans'] : []), 'Cyrillic letters output (the corpus prints none)'];
  return ['#### Side effects of the language set on real pages', mdTable(headers, rows)].join('\n');
}

function reportSpeed(state) {
  const cols = runColumns(state);
  const rows = cols.map((c) => {
    if (!c.run.results) return [c.title, `languages missing: ${c.run.missing.join(' ')}`, '', '', '', '', '', ''];
    const texts = runTexts(c.run);
    const ms = (sets) => state.pages.filter((p) => sets.includes(p.set)).map((p) => texts.get(p.id)?.ms).filter(Number.isFinite);
    const a = ms(['image']);
    const b = ms(['render', 'scan']);
    const engine = state.engines.find((e) => c.key.startsWith(`${e.key}/`));
    const rss = engine.kind === 'native'
      ? `${fmtMB(median(c.run.results.map((r) => r.rssKB)))} median, ${fmtMB(c.run.peakRssKB)} max (child)`
      : `${fmtMB(c.run.peakRssKB)} process peak; worker after start +${fmtMB(c.run.workerRssKB)}`;
    return [c.title, fmtMs(c.run.startupMs), fmtMs(median(a)), fmtMs(percentile(a, 95)), fmtMs(median(b)), fmtMs(percentile(b, 95)), rss, `${c.run.retimed ?? 0}`];
  });
  return [
    '#### Speed and memory, one page at a time (ms per page; native includes process start and model load, runs with OMP_THREAD_LIMIT=1)',
    mdTable(['engine, languages', 'start-up ms', 'receipts/photos median', 'p95', 'full pages median', 'p95', 'peak RSS', 'pages re-timed'], rows),
  ].join('\n');
}

function reportDiacritics(state) {
  if (!state.diacritics.length) return '';
  const want = state.diacritics[0].want;
  const rows = state.diacritics.map((d) => {
    const engine = state.engines.find((e) => e.key === d.engine);
    const latin = d.recovered - d.perChar.cyrillic;
    return [`${engine.label}, ${d.langs.join('+')}`, d.page.endsWith('.scan') ? 'degraded' : 'clean', `**${latin}/${d.total - want.cyrillic}**`, `**${d.perChar.cyrillic}/${want.cyrillic}**`, ...COUNTED_CHARS.map((c) => `${d.perChar[c]}`)];
  });
  return [
    `#### Diacritics (generated text, ${DIACRITIC_LINES.length} lines rendered with DejaVu Sans at 11 pt / 300 dpi; characters recovered of those printed)`,
    mdTable(['engine, languages', 'image', 'Latin diacritics and €', 'Cyrillic letters', ...COUNTED_CHARS.map((c) => `${c} (${want[c]})`)], rows),
  ].join('\n');
}

function reportParallel(state) {
  if (!state.parallel.length) return '';
  const rows = state.parallel.map((p) => {
    const engine = state.engines.find((e) => e.key === p.engine);
    const env = Object.keys(p.env).length ? Object.entries(p.env).map(([k, v]) => `${k}=${v}`).join(' ') : 'default';
    return [engine.label, String(p.workers), engine.kind === 'native' ? env : '–', `${(p.wallMs / 1000).toFixed(1)} s`, (p.pages / (p.wallMs / 60000)).toFixed(1), fmtMs(p.medianImageMs), fmtMs(p.medianPageMs), fmtMB(p.peakRssKB), p.foreignCores.toFixed(2)];
  });
  const n = state.parallel[0].pages;
  return [
    `#### Throughput on 2 cores (eng; ${n} pages: receipts/photos and 300 dpi renders)`,
    mdTable(['engine', 'processes / workers', 'OpenMP', 'wall time', 'pages per minute', 'receipt median ms', 'full page median ms', 'peak RSS (per child / process)', 'other processes (cores)'], rows),
  ].join('\n');
}

function reportPreprocess(state) {
  if (!state.preprocess.length) return '';
  const rows = [];
  const photoSamples = (group) => state.samples.filter((s) => s.group === group);
  const groups = [...new Set(state.samples.filter((s) => s.set === 'image').map((s) => s.group))];
  const imageIds = new Set(state.pages.filter((p) => p.set === 'image').map((p) => p.id));
  const big = new Set(state.pages.filter((p) => p.set === 'image' && Math.max(p.width, p.height) > PHOTO_CAP_PX).map((p) => p.id));
  const line = (engineKey, setKey, variant, texts, prep, peakRssKB) => {
    const engine = state.engines.find((e) => e.key === engineKey);
    const recall = groups.map((g) => { const r = recallOf(photoSamples(g), (s) => texts.get(s.id)?.text ?? ''); return fmtPct(r.found, r.total); });
    const entries = [...texts.entries()].filter(([id]) => imageIds.has(id));
    const all = entries.map(([, r]) => r);
    const bigMs = entries.filter(([id]) => big.has(id)).map(([, r]) => r.ms);
    const prepMs = prep ? median(prep.map((p) => p.prepMs)) : 0;
    const rss = engine.kind === 'native' ? Math.max(...all.map((r) => r.rssKB)) : peakRssKB;
    return [`${engine.label}, ${engine.langs[setKey].join('+')}`, variant, ...recall, fmtMs(median(all.map((r) => r.ms))), fmtMs(percentile(all.map((r) => r.ms), 95)), fmtMs(median(bigMs)), fmtMs(prepMs), fmtMB(rss)];
  };
  for (const engine of state.engines.filter((e) => e.key !== 'nativeBest')) {
    for (const setKey of ['eng', 'multi']) {
      const base = state.runs[`${engine.key}/${setKey}`];
      const variants = state.preprocess.filter((p) => p.engine === engine.key && p.setKey === setKey);
      if (!base?.results || !variants.length) continue;
      rows.push(line(engine.key, setKey, 'as is', runTexts(base), null, base.peakRssKB));
      for (const v of variants) {
        const texts = new Map(v.run.results.map((r) => [r.id.replace(/@.*$/, ''), r]));
        rows.push(line(engine.key, setKey, v.variant === 'cap' ? `long side ≤ ${PHOTO_CAP_PX}` : `grayscale + normalise, ≤ ${PHOTO_CAP_PX}`, texts, v.prep, v.run.peakRssKB));
      }
    }
  }
  return [
    `#### Pre-processing receipts/photos with sharp (${big.size} of the images are larger than ${PHOTO_CAP_PX} px)`,
    mdTable(['engine, languages', 'pre-processing', ...groups.map((g) => `recall ${g}`), 'OCR ms median', 'p95', `ms median, images > ${PHOTO_CAP_PX} px`, 'sharp ms median', 'peak RSS (child max / process)'], rows),
  ].join('\n');
}

function reportModule(state) {
  if (!state.module?.length) return '';
  const rows = state.module.map((m) => {
    const engine = state.engines.find((e) => e.key === m.engine);
    const texts = new Map(m.results.map((r) => [r.id, r]));
    const recall = (set) => {
      const samples = state.samples.filter((s) => s.set === set);
      const r = recallOf(samples, (s) => s.pageIds.map((id) => texts.get(id)?.text ?? '').join('\n'));
      return fmtPct(r.found, r.total);
    };
    const ms = (set) => m.results.filter((r) => r.set === set).map((r) => r.ms);
    const warned = (prefix) => m.results.filter((r) => r.warnings.some((w) => w.startsWith(prefix))).length;
    return [
      `${engine.label}, ${m.langs.join('+')}`,
      recall('image'), recall('scan'),
      fmtMs(median(ms('image'))), fmtMs(percentile(ms('image'), 95)),
      fmtMs(median(ms('scan'))), fmtMs(percentile(ms('scan'), 95)),
      fmtMB(m.treePeakKB), fmtMs(m.warmUpMs),
      `${warned('page_rotated')} / ${warned('page_deskewed')} / ${warned('low_resolution')}`,
      m.foreignCores.toFixed(2),
    ];
  });
  return [
    '#### The service\'s OCR stage (src/pipeline/ocr): label recall and ms per page, including preparation, rendering and orientation checks',
    mdTable(['engine, languages', 'recall receipts/photos', 'recall degraded scans (image-only PDF)', 'receipt/photo median ms', 'p95', 'scanned A4 page median ms', 'p95', 'peak RSS, process tree', 'first page ms (start-up)', 'pages rotated / deskewed / low resolution', 'other processes (cores)'], rows),
  ].join('\n');
}

function report(state) {
  return [
    reportSetup(state), '',
    reportRecall(state), '',
    reportTextQuality(state), '',
    reportLanguageEffects(state), '',
    reportSpeed(state), '',
    reportDiacritics(state), '',
    reportParallel(state), '',
    reportPreprocess(state), '',
    reportModule(state), '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const { values: opt } = parseArgs({
    options: {
      corpus: { type: 'string', default: '../shared/corpus' },
      work: { type: 'string', default: path.join(os.tmpdir(), 'ledgerlens-ocr-bench') },
      pdfs: { type: 'string', default: '6' },
      pages: { type: 'string', default: '2' },
      limit: { type: 'string' },
      skip: { type: 'string', default: '' },
      save: { type: 'string' },
      from: { type: 'string' },
      only: { type: 'string' },
      'tjs-child': { type: 'boolean', default: false },
      'module-child': { type: 'boolean', default: false },
      'idle-wait': { type: 'string', default: '600' },
      'module-langs': { type: 'string', default: 'eng;eng+deu+est;eng+deu+est+fin+lav+lit' },
    },
  });
  if (opt['tjs-child']) return tjsChildMain();
  if (opt['module-child']) return moduleChildMain();
  IDLE_WAIT_S = Number(opt['idle-wait']);
  const state = opt.from ? JSON.parse(fs.readFileSync(opt.from, 'utf8')) : await measure(opt);
  if (opt.save) fs.writeFileSync(opt.save, JSON.stringify(state));
  process.stdout.write(report(state));
}

main().catch((err) => { console.error(err); process.exit(1); });
