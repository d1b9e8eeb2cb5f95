import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findDocumentNumber } from './identifiers.js';

const numberOf = (text: string) => findDocumentNumber(buildContext(buildTextDocument([textPage(text)]), {}))?.value;

describe('document number', () => {
  it('reads the word right after a label that ends in a space ("Nr. ")', () => {
    assert.equal(numberOf('Rechnungskorrektur Nr. RK21012345 vom 16.09.2018'), 'RK21012345');
  });

  it('reads a title with a few words between the kind of document and its number', () => {
    assert.equal(numberOf('Rechnung des Versicherers Nr. 01.234.567.8-2018-1 vom\n06.12.2018'), '01.234.567.8-2018-1');
    assert.equal(numberOf('Gutschrift (Selbst ausgestellte Rechnung) Nr. 47110818\nvom 31.10.2018'), '47110818');
  });

  it('does not take the number of another document named in the title', () => {
    assert.equal(numberOf('Rechnung zum Vertrag Nr. 555123\nLieferant GmbH'), undefined);
    assert.equal(numberOf('Invoice for order no. 4711\nACME Ltd'), undefined);
  });

  it('reads a bare number word heading its cell ("Nr.:", "Numurs:") when nothing names the document, but not one after other words', () => {
    assert.equal(numberOf('Nr.:        Data:\n19318950    2024.01.09'), '19318950');
    assert.equal(numberOf('Maksātājs:   Numurs:   F2026-1299\nAndris Ozols'), 'F2026-1299');
    assert.equal(numberOf('Pasūtījuma numurs: 4711'), undefined);
  });
});
