import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findParties } from './parties.js';
import { addressedToReader, emailOutside, phoneOutside, registryCodeIn, registryCodeOutside, vatIdIn } from './party-ids.js';

const documentOf = (text: string) => buildTextDocument([textPage(text)]);

describe('identifiers outside the party blocks', () => {
  it('takes the company register over the establishment register, digit groups joined', () => {
    const found = registryCodeOutside(documentOf('SIRET : 12345678200077 - DUNS : DUNS1235487\nSIREN : 123 456 782'), new Set());
    assert.equal(found?.value, '123456782');
  });

  it('takes the first e-mail address outside the customer\'s lines for the vendor\'s', () => {
    const document = documentOf('Myyjä Oy   Puh. 09 123 4567   S-posti: laskut@myyja.example\nOstaja: Asiakas Ay   asiakas@asiakas.example');
    const customer = new Set(document.lines[1]!.words);
    assert.equal(emailOutside(document, customer)?.value, 'laskut@myyja.example');
    assert.equal(emailOutside(documentOf('Ostaja: Asiakas Ay'), new Set()), undefined);
  });

  it('reads the number after a second register name and keeps the name of a German register', () => {
    assert.equal(registryCodeOutside(documentOf('SIREN / SIRET : 123 456 789 00014'), new Set())?.value, '12345678900014');
    assert.equal(registryCodeOutside(documentOf('Amtsgericht Musterstadt   HRB Nr. 372876'), new Set())?.value, 'HRB 372876');
  });

  it('keeps a VAT number printed without its country letters for review, and takes no amount, rate or GST number for one', () => {
    assert.deepEqual(vatIdIn('VAT 232 153 895'), { value: '232153895', valid: false });
    assert.deepEqual(vatIdIn('VAT Reg No: 4820237339'), { value: '4820237339', valid: false });
    assert.deepEqual(vatIdIn('232 153 895', 'VAT No.'), { value: '232153895', valid: false });
    assert.deepEqual(vatIdIn('VAT DE123456788'), { value: 'DE123456788', valid: true });
    for (const line of ['VAT 15 % 1249950.00', 'VAT Total 163036.96', '20% VAT included 12345678.50', 'GST ID: 000123456789']) assert.equal(vatIdIn(line), null, line);
    assert.equal(vatIdIn('000123456789', 'GST Reg No'), null);
  });

  it('knows an identifier addressed to the reader is the customer\'s', () => {
    assert.equal(addressedToReader('Ihre USt.-IdentNr.: DE234567890'), true);
    assert.equal(addressedToReader('USt-IdNr: DE123456789'), false);
  });

  it('gives the reader\'s VAT id to the customer and the issuer\'s to the vendor, cell by cell', () => {
    const { vendor, customer } = findParties(
      buildContext(
        documentOf(`Rechnungsempfänger
Kunden AG Mitte
Kundenstraße 15
69876 Frankfurt
Ihr Zeichen: AB-312   Ihre USt.-IdentNr.: DE234567890
Lieferant GmbH   USt.-Identnr.:   DE123456789`),
        {},
      ),
    );
    assert.equal(customer?.vat_id?.value, 'DE234567890');
    assert.equal(vendor?.vat_id?.value, 'DE123456789');
  });

  it('reads the registry number printed in the customer\'s block as the customer\'s', () => {
    const { vendor, customer } = findParties(
      buildContext(
        documentOf(`Myyjä Oy
Kauppakatu 1
00100 Helsinki
Y-tunnus: 1234567-8

Ostaja:
Asiakas Ay
Satamakatu 9
90100 Oulu
Y-tunnus: 7654321-0`),
        {},
      ),
    );
    assert.equal(customer?.name?.value, 'Asiakas Ay');
    assert.equal(customer?.registry_code?.value, '7654321-0');
    assert.equal(vendor?.registry_code?.value, '1234567-8');
  });

  it('reads phone words of every lexicon, accented or not, and registry numbers with a letter (a Spanish CIF)', () => {
    const phones: [string, string][] = [['Telefonas +370 693 31655', '+370 693 31655'], ['Tālr. +371 2521 9136', '+371 2521 9136'], ['Teléfono: +34 91 055 45 56', '+34 91 055 45 56'], ['Téléphone : 01 14 83 90 15', '01 14 83 90 15']];
    for (const [line, number] of phones) {
      assert.equal(phoneOutside(documentOf(line), new Set())?.value, number, line);
    }
    assert.equal(registryCodeIn('CIF: B72781453'), 'B72781453');
    assert.equal(registryCodeIn('Įm. kodas 302820102'), '302820102');
  });
});
