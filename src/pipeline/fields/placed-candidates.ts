// Every value the page prints that could be its total, number or issue date, with where it stands
// and the words printed before it. The extraction thread does not know whose document it reads, so
// these travel back with the outcome; once the business is known, what its earlier approved
// documents from the same vendor teach (src/vendors) picks among them (anchored-choice.ts).
import type { Cell, Line } from '../layout/lines.js';
import { fold } from '../language/fold.js';
import { amountCandidates, codeCandidates, dateCandidates, type Candidate } from './choice/candidates.js';
import type { FieldContext } from './context.js';

export const ANCHORED_FIELDS = ['total', 'document_number', 'issue_date'] as const;
export type AnchoredField = (typeof ANCHORED_FIELDS)[number];

export interface PlacedCandidate {
  /** An amount as printed without its sign, a date as YYYY-MM-DD, a number as printed. */
  value: number | string;
  page: number;
  /** [x0, y0, x1, y1] on 0..1000 of the page. */
  box: [number, number, number, number];
  /** The folded words before the value: on its line, else in the cell above it (a label over a table). */
  label: string;
}

export type PlacedCandidates = Record<AnchoredField, PlacedCandidate[]>;

/** A page of a long table prints hundreds of amounts; the fields these serve are never among the last. */
const MAX_PER_FIELD = 300;
const MAX_LABEL = 40;

export const noPlacedCandidates = (): PlacedCandidates => ({ total: [], document_number: [], issue_date: [] });

export function placedCandidates(context: FieldContext): PlacedCandidates {
  const lines = context.document.lines;
  const place = <T extends number | string>(found: Candidate<T>[], value: (c: Candidate<T>) => number | string) =>
    found.slice(0, MAX_PER_FIELD).map((c) => ({ value: value(c), page: c.evidence.page, box: c.evidence.box.map(Math.round) as PlacedCandidate['box'], label: labelBefore(lines, c) }));
  return {
    total: place(amountCandidates(context), (c) => Math.abs(c.value)),
    document_number: place(codeCandidates(context), (c) => c.value),
    issue_date: place(dateCandidates(context), (c) => c.value),
  };
}

/** The candidate prints `value` of the field: a total as an amount to the cent whatever its sign, else the same text. */
export function holdsValue(field: AnchoredField, candidate: PlacedCandidate['value'], value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return field === 'total' ? Math.abs(Math.abs(Number(value)) - Number(candidate)) < 0.005 : String(value) === String(candidate);
}

/** Letters only, so "Total:" and "TOTAL EUR 12" share "total" and "total eur". */
export function foldLabel(text: string): string {
  return fold(text).replace(/[^\p{L}]+/gu, ' ').trim().slice(-MAX_LABEL).trim();
}

function labelBefore(lines: readonly Line[], candidate: Candidate<unknown>): string {
  const inCell = foldLabel(candidate.cell.text.slice(0, candidate.index));
  if (inCell) return inCell;
  const left = candidate.line.cells.filter((cell) => cell.box[2] <= candidate.cell.box[0] + 1).at(-1);
  const onLine = left ? foldLabel(left.text) : '';
  if (onLine) return onLine;
  const above = cellAbove(lines, candidate.line, candidate.cell);
  return above ? foldLabel(above.text) : '';
}

/** The cell of the line just above that overlaps the value's cell most (a label-above field, a table header). */
function cellAbove(lines: readonly Line[], line: Line, cell: Cell): Cell | undefined {
  const previous = lines.filter((l) => l.page === line.page && l.box[3] <= line.box[1] + 1 && line.box[1] - l.box[3] < 3 * (line.box[3] - line.box[1]) + 10).at(-1);
  const overlap = (c: Cell) => Math.min(c.box[2], cell.box[2]) - Math.max(c.box[0], cell.box[0]);
  return previous?.cells.filter((c) => overlap(c) > 0).sort((a, b) => overlap(b) - overlap(a))[0];
}
