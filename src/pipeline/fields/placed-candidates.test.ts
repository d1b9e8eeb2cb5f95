import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { holdsValue, placedCandidates } from './placed-candidates.js';

const PAGE = [
  'Nordic Supplies OÜ',
  'Invoice no:   INV-2024-0193',
  'Date          Due date',
  '05.03.2024    19.03.2024',
  'Desk lamp   2   24,50   49,00',
  'Total EUR:   61,25',
].join('\n');

test('each value that could be the total, number or issue date, with the words before it or over it', () => {
  const placed = placedCandidates(buildContext(buildTextDocument([textPage(PAGE)]), {}));
  const labelOf = (list: { value: number | string; label: string }[], value: number | string) => list.find((c) => c.value === value)?.label;
  assert.equal(labelOf(placed.document_number, 'INV-2024-0193'), 'invoice no');
  assert.equal(labelOf(placed.issue_date, '2024-03-05'), 'date');
  assert.equal(labelOf(placed.issue_date, '2024-03-19'), 'due date');
  assert.equal(labelOf(placed.total, 61.25), 'total eur');
  assert.ok(placed.total.every((c) => c.page === 1 && c.box.every(Number.isInteger)));
  assert.ok(holdsValue('total', 61.25, -61.25) && !holdsValue('total', 61.25, 61.2) && holdsValue('document_number', 'A-1', 'A-1') && !holdsValue('issue_date', '2024-03-05', null));
});
