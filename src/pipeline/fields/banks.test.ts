import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { findBanks } from './banks.js';
import { buildContext } from './context.js';

const banksOf = (text: string) => findBanks(buildContext(buildTextDocument([textPage(text)]), {})).map((b) => [b.iban.value, b.name?.value ?? null]);

describe('bank names', () => {
  it('takes the piece of the line that names a bank, each IBAN its own', () => {
    assert.deepEqual(
      banksOf(`Muster Handel Ltd · Company no. 1234567
Lloyds Bank plc · IBAN: GB33 BUKB 2020 1555 5555 55 · SWIFT/BIC: BUKBGB22
Banco Ejemplo · IBAN ES91 2100 0418 4502 0005 1332 · SWIFT CAIXESBB`),
      [
        ['GB33BUKB20201555555555', 'Lloyds Bank plc'],
        ['ES9121000418450200051332', 'Banco Ejemplo'],
      ],
    );
  });

  it('reads an IBAN once when the label after it runs on in its digit groups ("… 482 SWIFT AGRIFRPP")', () => {
    assert.deepEqual(banksOf(`Crédit Agricole
IBAN FR76 3000 6353 6707 4481 5236 482 SWIFT AGRIFRPP`), [['FR7630006353670744815236482', 'Crédit Agricole']]);
  });

  it('leaves out a label before the name, with or without its colon, but not the start of a name', () => {
    assert.deepEqual(banksOf('Domiciliation: La Banque Exemple\nIBAN: FR76 3000 6000 0112 3456 7890 189'), [['FR7630006000011234567890189', 'La Banque Exemple']]);
    assert.deepEqual(banksOf('Kreditinstitut Musterbank AG\nIBAN DE89 3704 0044 0532 0130 00'), [['DE89370400440532013000', 'Musterbank AG']]);
    assert.deepEqual(banksOf('Bank of Example · IBAN GB33 BUKB 2020 1555 5555 55'), [['GB33BUKB20201555555555', 'Bank of Example']]);
  });

  it("takes the BIC of the account's country over a bank's name of eight letters, and one abroad only after its label", () => {
    const bicOf = (text: string) => findBanks(buildContext(buildTextDocument([textPage(text)]), {})).map((b) => b.swift_bic?.value ?? null);
    assert.deepEqual(bicOf('SWEDBANK · IBAN EE02 2206 7691 4589 1781 · BIC HABAEE2X'), ['HABAEE2X']);
    assert.deepEqual(bicOf('RABOBANK IBAN NL91 ABNA 0417 1643 00\nBIC / SWIFT: ABNANL2A'), ['ABNANL2A']);
    assert.deepEqual(bicOf('IBAN DE89 3704 0044 0532 0130 00 · BIC: BUKBGB22'), ['BUKBGB22']);
    assert.deepEqual(bicOf('SWEDBANK · IBAN EE02 2206 7691 4589 1781 · see BIC below'), [null]);
  });
});
