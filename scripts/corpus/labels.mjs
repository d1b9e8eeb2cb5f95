// Checks a label's form and arithmetic. Form problems (a date that is not YYYY-MM-DD, an amount that is
// not a number, no _source) refuse the label; arithmetic that does not close is a warning, since a page
// may itself not add up (the label's note says so then).
const DATE_KEYS = new Set(['issue_date', 'due_date']);
const AMOUNT_KEYS = new Set(['subtotal', 'vat_amount', 'rounding', 'total', 'amount_due', 'previous_balance', 'payments_credits',
  'rate', 'net', 'vat', 'gross', 'quantity', 'net_unit_price', 'unit_price', 'vat_rate', 'amount', 'tendered', 'change', 'value',
  'discount_amount', 'discount_percent']);

/** Refusals: what makes a label unusable. */
export function labelProblems(label) {
  const problems = [];
  if (!label || typeof label !== 'object' || Array.isArray(label)) return ['not a JSON object'];
  if (!label._source || typeof label._source !== 'object') problems.push('_source missing');
  else for (const key of ['repo', 'commit', 'path', 'origin']) if (!label._source[key]) problems.push(`_source.${key} missing`);
  const visit = (value, path) => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) if (k !== '_source' && k !== '_notes') visit(v, path ? `${path}.${k}` : k), check(k, v, path ? `${path}.${k}` : k);
    }
  };
  const check = (key, v, path) => {
    if (v === null || typeof v === 'object') return;
    if (DATE_KEYS.has(key) && !/^\d{4}-\d{2}-\d{2}$/u.test(String(v))) problems.push(`${path} is not YYYY-MM-DD`);
    if (AMOUNT_KEYS.has(key) && (typeof v !== 'number' || !Number.isFinite(v))) problems.push(`${path} is not a number`);
  };
  visit(label, '');
  return problems;
}

/** Warnings: sums the label states that do not close (a cent per line allowed for rounding). */
export function labelWarnings(label) {
  const warnings = [];
  const near = (a, b, slack = 0.011) => Math.abs(a - b) <= slack;
  const num = (v) => (typeof v === 'number' ? v : null);
  const [net, vat, total, rounding] = [num(label.subtotal), num(label.vat_amount), num(label.total), num(label.rounding) ?? 0];
  if (net !== null && vat !== null && total !== null && !near(net + vat + rounding, total)) warnings.push('subtotal + vat_amount + rounding ≠ total');
  const items = Array.isArray(label.line_items) ? label.line_items : [];
  const sum = (key) => (items.length && items.every((i) => typeof i[key] === 'number') ? items.reduce((s, i) => s + i[key], 0) : null);
  const slack = 0.011 * Math.max(1, items.length);
  const lines = [sum('subtotal'), sum('total')].filter((x) => x !== null);
  if (lines.length && [net, total].some((x) => x !== null) && !lines.some((l) => [net, total].some((x) => x !== null && near(l, x, slack)))) {
    warnings.push('the lines add up to neither subtotal nor total');
  }
  return warnings;
}
