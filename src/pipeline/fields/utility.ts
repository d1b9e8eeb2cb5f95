// Utility and telecom bill fields: the service address and the metered consumption. Consumption is
// taken only from a line that says it is a usage total, because bills print many meter readings.
import type { FieldContext } from './context.js';
import type { Draft } from './draft.js';
import { evidenceOf, labelledValues } from './find-labelled.js';
import { amountTokens } from './tokens.js';

const UNITS = /(kwh|therms?|ccf|hcf|gallons|gal|m3|m³|mwh|gb|minutes|min)\b/iu;

export function findUtilityFields(context: FieldContext): Pick<Draft, 'service_address' | 'consumption'> {
  const out: Pick<Draft, 'service_address' | 'consumption'> = { consumption: {} };
  const address = labelledValues(context.document, 'serviceAddress').find((v) => /\d/u.test(v.value.text) && /\p{L}{2}/u.test(v.value.text));
  if (address) out.service_address = { value: address.value.text, confidence: 0.75, status: 'read', evidence: address.value };

  for (const line of context.document.lines) {
    if (!/\b(?:total usage|usage|consumption|used|verbrauch|tarbimine|kulutus|consommation)\b/iu.test(line.text)) continue;
    const unit = UNITS.exec(line.text);
    if (!unit) continue;
    const before = line.text.slice(0, unit.index);
    const value = amountTokens(before, context.separator).at(-1);
    if (!value || value.value <= 0) continue;
    const evidence = evidenceOf(line.words, line.page);
    out.consumption.value = { value: value.value, confidence: 0.6, status: 'read', evidence };
    out.consumption.unit = { value: normalUnit(unit[1]!), confidence: 0.6, status: 'read', evidence };
    break;
  }
  return out;
}

function normalUnit(unit: string): string {
  const lower = unit.toLowerCase();
  if (lower === 'kwh') return 'kWh';
  if (lower === 'mwh') return 'MWh';
  if (lower === 'm3' || lower === 'm³') return 'm3';
  if (lower === 'ccf' || lower === 'hcf') return unit.toUpperCase();
  return lower;
}
