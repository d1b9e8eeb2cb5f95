// The totals family: subtotal, vat_amount, rounding, total, amount_due. Each label gives candidates;
// the set of candidates that adds up (subtotal + vat + rounding = total) wins over labels read alone,
// which is what keeps "Total" on a line-item column or a total repeated on every page from winning.
import type { FieldContext } from './context.js';
import { labelledValues, type Evidence, type LabelledValue } from './find-labelled.js';
import { readConfidence, type Found } from './found.js';
import type { LabelName } from './labels.js';
import { cashHandedOver, cashPaid } from './payment.js';
import { taxSummaryStart } from './tax-summary.js';
import { amountTokens, moneyIn } from './tokens.js';

export interface Totals {
  subtotal?: Found<number>;
  vat_amount?: Found<number>;
  rounding?: Found<number>;
  total?: Found<number>;
  amount_due?: Found<number>;
  previous_balance?: Found<number>;
  payments_credits?: Found<number>;
}

interface Candidate extends Found<number> {
  score: number;
}

const CENT = 0.0051;
/** A totals table under its header row: one row per VAT rate, the sum row last. */
const ROWS_UNDER_HEADER = 4;

export function findTotals(context: FieldContext): Totals {
  const rows = summaryRows(context);
  const total = candidates(context, 'total', rows.map((r) => r.total));
  const subtotal = candidates(context, 'subtotal', rows.map((r) => r.subtotal));
  const vat = candidates(context, 'vatAmount', rows.map((r) => r.vat));
  // Rounding never reaches a whole unit: a larger amount on a rounding line is the rounded total ("ROUNDING 20.00").
  const onRoundingLines = candidates(context, 'rounding');
  const rounding = onRoundingLines.filter((c) => Math.abs(c.value) < 1);
  const roundedTotals = onRoundingLines.filter((c) => Math.abs(c.value) >= 1);
  const due = candidates(context, 'amountDue');

  const chosen = bestCombination(total, subtotal, vat, rounding);
  const result: Totals = {};
  if (chosen.total) result.total = chosen.total;
  else if (due[0]) result.total = { ...due[0], confidence: due[0].confidence * 0.8 };
  if (context.kind === 'receipt') {
    const cash = cashHandedOver(context);
    // Cash with no change line was handed over exact ("SUBTOTAL 20.40", "CASH 20.40"): it witnesses a
    // total only when none was read.
    const paid = cashPaid(cash) ?? (cash.tendered && !cash.change && !result.total ? cash.tendered.value : undefined);
    // Without a total, subtotal and VAT give it (reconciliation) before the cash does, when both were read whole (with their cents).
    const whole = (c: Candidate | undefined) => !!c && /[.,]\d{2}$/u.test(c.printed ?? '');
    const derivable = whole(chosen.subtotal) && whole(chosen.vat);
    // The sale's cash amount printed apart ("Cash 71.00" over "Cash Received 101.00") witnesses it too.
    const cashAmount: Candidate[] = cash.amount ? [{ ...cash.amount, score: 0 }] : [];
    // The best subtotal and VAT read, whether or not the combination kept them (it drops a subtotal equal to a misread total).
    const [net, tax] = [chosen.subtotal ?? subtotal[0], chosen.vat ?? vat[0]];
    const summed = net && tax ? net.value + tax.value + (chosen.rounding?.value ?? 0) : undefined;
    const witnessed = paid === undefined ? undefined : witnessedTotal(paid, result.total, [...total, ...due, ...subtotal, ...cashAmount], derivable, summed);
    if (witnessed) result.total = witnessed;
  }
  const rounded = afterRounding(result.total, chosen.rounding, [...total, ...due, ...roundedTotals]);
  if (rounded) result.total = rounded;
  if (chosen.subtotal) result.subtotal = chosen.subtotal;
  if (chosen.vat) result.vat_amount = chosen.vat;
  if (chosen.rounding && chosen.rounding.value !== 0) result.rounding = chosen.rounding;
  if (due[0]) result.amount_due = due[0];

  const previous = candidates(context, 'previousBalance')[0];
  if (previous) result.previous_balance = previous;
  const payments = candidates(context, 'paymentsCredits')[0];
  // Bills print payments as negative or "CR"; the field holds the magnitude applied.
  if (payments) result.payments_credits = { ...payments, value: Math.abs(payments.value) };
  return result;
}

/**
 * A cash sale is read twice: at its total and as the cash handed over less the change. When the two
 * disagree (OCR slips on a digit of the total, or the total's label is garbled), an amount printed on
 * a totals line that equals the cash paid is the total; so is the cash paid where subtotal and VAT
 * add up to it (a third reading: "TotaUsales (Inclusive of GST) : 190.80" lost its label, and the tax
 * summary's "Total: 180.00" was read); with no total read at all (and none to derive from subtotal
 * and VAT), the cash paid is.
 */
function witnessedTotal(paid: number, read: Found<number> | undefined, printed: Candidate[], derivable: boolean, summed: number | undefined): Found<number> | undefined {
  if (read && Math.abs(read.value - paid) < CENT) return undefined;
  const agreeing = printed.find((c) => Math.abs(c.value - paid) < CENT);
  if (agreeing) return { ...agreeing, value: paid };
  if (summed !== undefined && Math.abs(summed - paid) < CENT) return { value: paid, confidence: 0.8, status: 'derived' };
  return read || derivable ? undefined : { value: paid, confidence: 0.6, status: 'derived' };
}

/**
 * A sale rounded to the coin prints its total twice, above the rounding line and below it ("Total
 * incl. GST 23.26", "Rounding adj. -0.01", "Total 23.25"), and the stronger label is often the first.
 * What is paid is the second: when the read total stands above the rounding line, the total is the
 * amount below that line, under a total, amount-due or rounding label, that differs from it by the rounding,
 * which stays the difference between the two. The rounding's sign is not trusted ("(0.02)" and
 * "-RM 0.02" are printed for both directions); its place is. A total read below the rounding line is
 * already rounded (a VAT summary further down may repeat the unrounded sum).
 */
function afterRounding(read: Found<number> | undefined, rounding: Candidate | undefined, printed: Candidate[]): Candidate | undefined {
  if (!read?.evidence || !rounding?.evidence || rounding.value === 0) return undefined;
  if (!below(rounding.evidence, read.evidence)) return undefined;
  return printed.find((c) => !!c.evidence && below(c.evidence, rounding.evidence!) && Math.abs(Math.abs(c.value - read.value) - Math.abs(rounding.value)) < CENT);
}

/** Whether a value was printed below another: on a later page, or lower on the same one. */
function below(a: Evidence, b: Evidence): boolean {
  return a.page > b.page || (a.page === b.page && a.box[1] >= b.box[3] - (b.box[3] - b.box[1]) / 2);
}

/** Candidates of one label set, best first, one per distinct value. */
function candidates(context: FieldContext, name: LabelName, extra: Candidate[] = []): Candidate[] {
  const lines = context.document.lines.length || 1;
  const out: Candidate[] = [...extra];
  const labelled = labelledValues(context.document, name, ROWS_UNDER_HEADER);
  for (const found of name === 'total' ? aboveTaxSummary(context, labelled) : labelled) {
    const candidate = toCandidate(found, context, lines);
    if (candidate) out.push(candidate);
  }
  out.sort((a, b) => b.score - a.score);
  // A zero under a total label is another total's ("TOTAL DISCOUNT 0.00", "TOTAL LOADING CHARGES
  // 0.00") when a total that is not zero was printed.
  const kept = name === 'total' && out.some((c) => Math.abs(c.value) >= CENT) ? out.filter((c) => Math.abs(c.value) >= CENT) : out;
  return kept.filter((c, i) => kept.findIndex((d) => Math.abs(d.value - c.value) < CENT) === i).slice(0, 6);
}

/** A tax summary's "Total" row is the amount before tax: only totals above it, when there are any. */
function aboveTaxSummary(context: FieldContext, found: LabelledValue[]): LabelledValue[] {
  const summary = taxSummaryStart(context);
  const above = found.filter((f) => f.line.index < summary);
  return above.length ? above : found;
}

function toCandidate(found: LabelledValue, context: FieldContext, lines: number): Candidate | null {
  const token = moneyIn(found.value.text, context.separator);
  if (!token) return null;
  // Values far below the label are more often another row's than this label's; amounts in a column
  // under a heading print their cents ("290 8S" under "Amount" is a misread line-item figure).
  if (found.placement === 'below' && (found.value.words.length > 4 || token.decimals !== 2)) return null;
  const confidence = readConfidence(found.rank, found.placement, found.value.confidence);
  const placement = found.placement === 'below' ? -0.15 : found.placement === 'right' ? 0 : 0.02;
  return {
    value: token.value,
    confidence,
    status: 'read',
    evidence: { page: found.value.page, box: found.value.box, confidence: found.value.confidence },
    printed: token.text,
    score: 1 - found.rank * 0.12 + position(context, found.line.index, found.value.page, lines) + placement + (token.decimals === 2 ? 0.1 : 0),
  };
}

/**
 * Invoices print their totals at the end: a later occurrence wins a tie with an earlier one. Bills
 * print the account summary on the first page and each service's charges on the pages after it.
 */
function position(context: FieldContext, lineIndex: number, page: number, lines: number): number {
  return (lineIndex / lines) * 0.1 + (context.kind === 'bill' && page === 1 ? 0.15 : 0);
}

interface SummaryRow {
  subtotal: Candidate;
  vat: Candidate;
  total: Candidate;
}

/**
 * "Total   24.99   5.00   29.99": a total row that prints net, VAT and gross side by side. Two of its
 * amounts adding up to the last one is what says which is which; the VAT is the smaller addend.
 */
function summaryRows(context: FieldContext): SummaryRow[] {
  const lines = context.document.lines.length || 1;
  const rows: SummaryRow[] = [];
  for (const found of labelledValues(context.document, 'total')) {
    if (found.placement !== 'right') continue;
    const amounts = amountTokens(found.value.text, context.separator).filter((t) => !t.percent && t.decimals === 2);
    const gross = amounts.at(-1);
    if (!gross || amounts.length < 3) continue;
    const addends = amounts.slice(0, -1);
    const pair = addends.flatMap((a, i) => addends.slice(i + 1).map((b) => [a, b] as const)).find(([a, b]) => Math.abs(a.value + b.value - gross.value) < CENT && a.value !== 0 && b.value !== 0);
    if (!pair) continue;
    const [net, vat] = Math.abs(pair[0].value) >= Math.abs(pair[1].value) ? pair : [pair[1], pair[0]];
    const candidate = (value: number, printed: string): Candidate => ({
      value,
      confidence: readConfidence(found.rank, 'right', found.value.confidence),
      status: 'read',
      evidence: { page: found.value.page, box: found.value.box, confidence: found.value.confidence },
      printed,
      score: 1.2 + position(context, found.line.index, found.value.page, lines),
    });
    rows.push({ subtotal: candidate(net.value, net.text), vat: candidate(vat.value, vat.text), total: candidate(gross.value, gross.text) });
  }
  return rows;
}

interface Combination {
  total?: Candidate;
  subtotal?: Candidate;
  vat?: Candidate;
  rounding?: Candidate;
}

function bestCombination(totals: Candidate[], subtotals: Candidate[], vats: Candidate[], roundings: Candidate[]): Combination {
  const labelled = bestOf(totals, subtotals, vats, roundings[0], false);
  if (addsUp(labelled.combination)) return labelled.combination;
  // "NET TOTAL" is the net on an EU invoice and the sum to pay on a Malaysian receipt. When no total
  // label gives a total that adds up, an amount under a subtotal label is the total where a subtotal,
  // VAT and rounding add up to it. (Not before: two line amounts that add up to the net prove nothing.)
  const net = bestOf(subtotals, subtotals, vats, roundings[0], true);
  return net.score > labelled.score ? net.combination : labelled.combination;
}

function bestOf(totals: Candidate[], subtotals: Candidate[], vats: Candidate[], rounding: Candidate | undefined, mustAddUp: boolean): { combination: Combination; score: number } {
  const options = <T>(list: T[]) => [undefined, ...list];
  let combination: Combination = { total: totals[0], subtotal: subtotals[0], vat: vats[0], rounding };
  let score = -Infinity;
  for (const total of mustAddUp ? totals : options(totals)) {
    for (const subtotal of options(subtotals)) {
      for (const vat of options(vats)) {
        const candidate = { total, subtotal, vat, rounding };
        if (mustAddUp && !addsUp(candidate)) continue;
        const candidateScore = scoreOf(candidate);
        if (candidateScore > score) {
          score = candidateScore;
          combination = candidate;
        }
      }
    }
  }
  return { combination, score };
}

/**
 * Subtotal + VAT + rounding = total, to the cent. An amount is not its own subtotal: under a subtotal
 * label it would add up with a zero VAT whatever it is ("SUBTOTAL: 251.00" over "TOTAL INCLUSIVE GST:
 * 217.00"); nor is a VAT the whole total over a zero subtotal (a slanted photo's figures taken for the
 * label above or below).
 */
function addsUp(c: Combination): boolean {
  if (!c.total || !c.subtotal || !c.vat || c.total === c.subtotal) return false;
  if (c.total.value !== 0 && Math.abs(c.vat.value) >= Math.abs(c.total.value)) return false;
  return Math.abs(c.subtotal.value + c.vat.value + (c.rounding?.value ?? 0) - c.total.value) < CENT;
}

function scoreOf(c: Combination): number {
  let score = (c.total?.score ?? 0) + (c.subtotal?.score ?? 0) * 0.6 + (c.vat?.score ?? 0) * 0.6;
  if (addsUp(c)) score += 2;
  // The same printed number cannot be two different totals, except a zero VAT.
  if (c.total && c.subtotal && c.total.value === c.subtotal.value && c.vat && c.vat.value !== 0) score -= 1;
  if (c.vat && c.total && Math.abs(c.vat.value) >= Math.abs(c.total.value) && c.total.value !== 0) score -= 1.5;
  if (c.subtotal && c.total && Math.abs(c.subtotal.value) > Math.abs(c.total.value) + CENT && c.total.value > 0) score -= 1;
  return score;
}
