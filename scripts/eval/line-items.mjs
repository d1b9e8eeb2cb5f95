// The line-item measures, beside the field scores: from scorer reports (item count exact,
// the members' f1) and from the labels and predictions themselves (do the predicted items add up to
// the document's net or gross where the label has both and has items).
import { readPrediction } from './values.mjs';

export const ITEM_MEMBERS = ['description', 'quantity', 'net_unit_price', 'subtotal', 'total'];

/**
 * `parts`: one or more scored sets, each `{ docs, pred, report }`: labelledDocuments() of the set, the
 * folder its predictions were written to (same sub-folders), and the scorer's JSON report of them.
 */
export function lineItemFigures(parts) {
  const add = (path) => {
    const c = { gold: 0, pred: 0, correct: 0 };
    for (const { report } of parts) for (const k of Object.keys(c)) c[k] += report.fields[path]?.[k] ?? 0;
    return c;
  };
  const count = add('line_items.count');
  const members = Object.fromEntries(ITEM_MEMBERS.map((m) => [m, f1(add(`line_items[].${m}`))]));
  let withBoth = 0;
  let addingUp = 0;
  for (const { docs, pred } of parts) {
    for (const doc of docs) {
      const gold = doc.label;
      if (!gold.line_items?.length || typeof gold.subtotal !== 'number' || typeof gold.total !== 'number') continue;
      withBoth++;
      const items = predictedItems(pred, doc);
      if (items && itemsAddUp(items, gold)) addingUp++;
    }
  }
  return { docs: count.gold, countExact: count.gold ? count.correct / count.gold : null, ...members, withBoth, addUp: withBoth ? addingUp / withBoth : null };
}

function f1(c) {
  if (!c.gold) return null;
  const precision = c.pred ? c.correct / c.pred : 0;
  const recall = c.correct / c.gold;
  return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
}

function predictedItems(pred, doc) {
  const v = readPrediction(pred, doc);
  const items = (v?.extraction ?? v)?.line_items;
  return Array.isArray(items) && items.length ? items : null;
}

// Net items to the net, gross items to the gross, or either kind to the other when the page prints
// one kind of amount per line and the document has no VAT (or the label reads it so). A document-level
// allowance or charge (which the labels do not carry) stands between the lines and the net: there the
// labelled items' own sum is what the page prints as the lines' sum. A cent per item is allowed for
// each line's rounding.
function itemsAddUp(items, gold) {
  const sum = (list, key) => (list.every((i) => typeof i[key] === 'number') ? list.reduce((s, i) => s + i[key], 0) : null);
  const near = (a, b) => a !== null && b !== null && Math.abs(a - b) <= 0.01 * items.length + 0.005;
  const printed = [gold.subtotal, gold.total, sum(gold.line_items, 'subtotal'), sum(gold.line_items, 'total')];
  return [sum(items, 'subtotal'), sum(items, 'total')].some((predicted) => printed.some((target) => near(predicted, target)));
}
