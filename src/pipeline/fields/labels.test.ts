import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { labelOnly } from './labels.js';

describe('labelOnly', () => {
  it('tells a line that is only a field\'s label from a name that holds a label\'s word', () => {
    for (const label of ['Service Address', 'CF/P.IVA', 'Kundenr.:', 'Invoice Date']) assert.equal(labelOnly(label), true, label);
    for (const name of ['Total Pflege GmbH', 'Foodtruck Fiesta ApS', 'Company Bank Details Ltd', 'WILLIAM A VALENCIA', 'Asiakas Ay']) assert.equal(labelOnly(name), false, name);
  });
});
