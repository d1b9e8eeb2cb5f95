// Gradient-boosted trees for the learned choice (docs/engine.md, "Learned choice"): shallow regression
// trees fitted one after another on the log-loss's gradient, each split chosen over a feature's
// quantile bins. Trees see what a weighted sum cannot: a legal form that counts in the letterhead and
// not in the footer, an amount after a total label that counts unless a larger one follows. Fitting
// is deterministic (no sampling; ties go to the first feature and bin); the file is plain JSON.

/** One tree, its nodes in an array: `[feature, threshold, left, right]` splits (x ≤ threshold goes left), `[value]` leaves. */
export type Tree = ([number, number, number, number] | [number])[];

export interface BoostedTrees {
  /** The log-odds every candidate starts from: the share of candidates that hold the value. */
  base: number;
  trees: Tree[];
}

/**
 * Sizes measured by the vendor folds of `npm run train -- --cv 5` on the corpus with the wide open split
 * (docs/engine.md): deeper or more trees fitted the folds no better and grew the file.
 */
export const BOOSTED = { rounds: 120, depth: 3, rate: 0.15, lambda: 1, minHessian: 0.5, bins: 32 };

export function boostedProbability(model: BoostedTrees, row: readonly number[]): number {
  return 1 / (1 + Math.exp(-marginOf(model, row)));
}

function marginOf(model: BoostedTrees, row: readonly number[]): number {
  let margin = model.base;
  for (const tree of model.trees) {
    let node = tree[0]!;
    while (node.length === 4) node = tree[row[node[0]]! <= node[1] ? node[2] : node[3]]!;
    margin += node[0];
  }
  return margin;
}

/**
 * An installation's approved documents move a shipped model by more trees fitted from where it
 * leaves them (`ledgerlens train --with-corrections`, src/learning/): a few documents grow small
 * corrections, many grow more, and the shipped trees stay as they are.
 */
export const ADAPT_BOOSTED = { ...BOOSTED, rounds: 30, rate: 0.1 };

export function adaptBoosted(shipped: BoostedTrees, rows: readonly number[][], targets: readonly number[]): BoostedTrees {
  return fitBoosted(rows, targets, ADAPT_BOOSTED, shipped);
}

/** Trees fitted on the rows; from `start`'s margins, its trees kept in front, when given. */
export function fitBoosted(rows: readonly number[][], targets: readonly number[], options = BOOSTED, start?: BoostedTrees): BoostedTrees {
  const n = rows.length;
  const width = rows[0]?.length ?? 0;
  const edges = Array.from({ length: width }, (_, j) => binEdges(rows.map((r) => r[j]!), options.bins));
  // Each row's bin per feature: bin b holds edges[b-1] < x ≤ edges[b]; the last bin holds x above every edge.
  const binned = new Uint8Array(n * width);
  rows.forEach((r, i) => r.forEach((x, j) => (binned[i * width + j] = binOf(edges[j]!, x))));
  const share = Math.min(1 - 1e-6, Math.max(1e-6, targets.reduce((s, t) => s + t, 0) / Math.max(1, n)));
  const base = start?.base ?? Math.log(share / (1 - share));
  const margin = Float64Array.from(rows, (row) => (start ? marginOf(start, row) : base));
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n);
  const trees: Tree[] = [...(start?.trees ?? [])];
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-margin[i]!));
      gradient[i] = p - targets[i]!;
      hessian[i] = Math.max(1e-6, p * (1 - p));
    }
    const tree: Tree = [];
    const grow = (members: Int32Array, depth: number): number => {
      const at = tree.length;
      tree.push([0]);
      let g = 0;
      let h = 0;
      for (const i of members) {
        g += gradient[i]!;
        h += hessian[i]!;
      }
      const split = depth < options.depth ? bestSplit(members, g, h) : undefined;
      if (!split) {
        const value = (-g / (h + options.lambda)) * options.rate;
        tree[at] = [value];
        for (const i of members) margin[i] = margin[i]! + value;
        return at;
      }
      const left = members.filter((i) => binned[i * width + split.feature]! <= split.bin);
      const right = members.filter((i) => binned[i * width + split.feature]! > split.bin);
      const l = grow(left, depth + 1);
      const r = grow(right, depth + 1);
      tree[at] = [split.feature, edges[split.feature]![split.bin]!, l, r];
      return at;
    };
    const bestSplit = (members: Int32Array, g: number, h: number): { feature: number; bin: number } | undefined => {
      let best: { feature: number; bin: number; gain: number } | undefined;
      const parent = (g * g) / (h + options.lambda);
      for (let j = 0; j < width; j++) {
        const bins = edges[j]!.length;
        if (!bins) continue;
        const hg = new Float64Array(bins + 1);
        const hh = new Float64Array(bins + 1);
        for (const i of members) {
          const b = binned[i * width + j]!;
          hg[b] = hg[b]! + gradient[i]!;
          hh[b] = hh[b]! + hessian[i]!;
        }
        let gl = 0;
        let hl = 0;
        for (let b = 0; b < bins; b++) {
          gl += hg[b]!;
          hl += hh[b]!;
          const gr = g - gl;
          const hr = h - hl;
          if (hl < options.minHessian || hr < options.minHessian) continue;
          const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) - parent;
          if (gain > 1e-9 && (!best || gain > best.gain)) best = { feature: j, bin: b, gain };
        }
      }
      return best;
    };
    grow(Int32Array.from({ length: n }, (_, i) => i), 0);
    trees.push(tree.map((node) => (node.length === 1 ? [short(node[0])] : node)));
  }
  return { base: short(base), trees };
}

/** Up to `bins` − 1 cut points between a feature's values, at its quantiles; none for a constant feature. */
function binEdges(values: number[], bins: number): number[] {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  if (distinct.length <= 1) return [];
  if (distinct.length <= bins) return distinct.slice(0, -1);
  const sorted = [...values].sort((a, b) => a - b);
  const cuts = new Set<number>();
  for (let q = 1; q < bins; q++) {
    const v = sorted[Math.floor((q * sorted.length) / bins)]!;
    if (v < distinct.at(-1)!) cuts.add(v);
  }
  return [...cuts].sort((a, b) => a - b);
}

function binOf(edges: readonly number[], x: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x <= edges[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// Eight significant digits keep the file small; split points stay exact, so every training value falls
// on the side it was fitted on.
const short = (v: number) => (Number.isInteger(v) ? v : Number(v.toPrecision(8)));
