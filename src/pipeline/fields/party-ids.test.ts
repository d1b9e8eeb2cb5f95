import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findParties } from './parties.js';
import { addressedToReader, registryCodeOutside } from './party-ids.js';

const documentOf = (text: string) => buildTextDocument([textPage(text)]);

describe('identifiers outside the party blocks', () => {
  it('takes the company register over the establishment register, digit groups joined', () => {
    const found = registryCodeOutside(documentOf('SIRET : 12345678200077 - DUNS : DUNS1235487\nSIREN : 123 456 782'), new Set());
    assert.equal(found?.value, '123456782');
  });

  it('reads the number after a second register name and keeps the name of a German register', () => {
    assert.equal(registryCodeOutside(documentOf('SIREN / SIRET : 123 456 789 00014'), new Set())?.value, '12345678900014');
    assert.equal(registryCodeOutside(documentOf('Amtsgericht Musterstadt   HRB Nr. 372876'), new Set())?.value, 'HRB 372876');
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
});
