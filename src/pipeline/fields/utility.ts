// Utility and telecom bill fields: the service address and the metered consumption. Consumption is
// taken only from a value its label calls the usage (the lexicons' `consumption`: "Consumption:",
// "Verbrauchsmenge", "Kulu"), because bills print many meter readings; the label may stand before the
// value, or head its column over it.
import type { FieldContext } from './context.js';
import type { Draft } from './draft.js';
import { labelledValues, valueText, type LabelledValue, type ValueText } from './find-labelled.js';
import { fold } from './labels.js';
import { amountTokens } from './tokens.js';

/** Units of metered supply, on folded text, with the symbol the outcome gives each. */
const UNITS: [RegExp, string][] = [
  [/^(?:kwh|квт·?ч)$/u, 'kWh'],
  [/^(?:mwh|мвт·?ч)$/u, 'MWh'],
  [/^(?:m3|m³|м3|м³|cbm)$/u, 'm³'],
  [/^therms?$/u, 'therms'],
  [/^(?:ccf|hcf)$/u, 'CCF'],
  [/^(?:gallons|gal)$/u, 'gal'],
  [/^gb$/u, 'GB'],
  [/^(?:minutes|min)$/u, 'min'],
];

export function findUtilityFields(context: FieldContext): Pick<Draft, 'service_address' | 'consumption'> {
  const out: Pick<Draft, 'service_address' | 'consumption'> = { consumption: {} };
  const address = labelledValues(context.document, 'serviceAddress').find((v) => /\d/u.test(v.value.text) && /\p{L}{2}/u.test(v.value.text));
  if (address) {
    const value = wrapped(context, address);
    out.service_address = { value: value.text, confidence: 0.75, status: 'read', evidence: value };
  }

  for (const { value } of labelledValues(context.document, 'consumption')) {
    const words = value.text.split(/\s+/u);
    const at = words.findIndex((word, i) => i > 0 && unitOf(word));
    if (at < 0) continue;
    const amount = amountTokens(words.slice(0, at).join(' '), context.separator).at(-1);
    if (!amount || amount.value <= 0) continue;
    const unit = unitOf(words[at]!)!;
    out.consumption.value = { value: amount.value, confidence: 0.6, status: 'read', evidence: value };
    out.consumption.unit = { value: unit, confidence: 0.6, status: 'read', evidence: value };
    break;
  }
  return out;
}

function unitOf(word: string): string | undefined {
  const folded = fold(word).replace(/[.,;:]$/u, '');
  return UNITS.find(([pattern]) => pattern.test(folded))?.[1];
}

/**
 * "Bahnhofstraße 108a," over "Hamburg": a value that ends on a comma goes on in its column on the next
 * line, the cell there that starts where it starts (within a line's height).
 */
function wrapped(context: FieldContext, { value, line }: LabelledValue): ValueText {
  const next = context.document.lines[line.index + 1];
  if (!/,\s*$/u.test(value.text) || !next || next.page !== line.page) return value;
  const height = value.box[3] - value.box[1];
  const cell = next.cells.find((c) => Math.abs(c.box[0] - value.box[0]) <= height && c.box[1] - value.box[3] <= 2 * height);
  return cell ? valueText([...value.words, ...cell.words], line.page) : value;
}
