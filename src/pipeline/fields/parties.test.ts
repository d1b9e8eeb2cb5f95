import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findParties } from './parties.js';

const partiesOf = (text: string | string[]) => {
  const pages = (Array.isArray(text) ? text : [text]).map((t, i) => textPage(t, { page: i + 1 }));
  const { vendor, customer } = findParties(buildContext(buildTextDocument(pages), {}));
  return {
    vendor: (key: string) => (vendor as Record<string, { value: unknown } | undefined> | null)?.[key]?.value,
    customer: (key: string) => (customer as Record<string, { value: unknown } | undefined> | null)?.[key]?.value,
  };
};

describe('parties', () => {
  it('reads a block under a compound label, joins a salutation to the name and a name wrapped before its legal form', () => {
    const p = partiesOf(`Rechnung Nr. 4711 vom 11.03.2018
Verkäufer:
MVM Musterhafter
Versicherungsverein Musterstadt a.G.
Musterstr. 12
DE 12345 Musterstadt
Käufer/Leistungsempfänger:
Herrn
Max Mustermann
Musterstr. 11
DE 12346 Bad Musterhausen`);
    assert.equal(p.vendor('name'), 'MVM Musterhafter Versicherungsverein Musterstadt a.G.');
    assert.equal(p.vendor('address'), 'Musterstr. 12');
    assert.equal(p.customer('name'), 'Herrn Max Mustermann');
    assert.equal(p.customer('postal_code'), '12346');
  });

  it('joins a legal form printed alone on its line to the name above it, on an invoice as on a receipt', () => {
    const p = partiesOf(`BLUE HERON KITCHENS MALAYSIA
SDN BHD
UNIT G-13, GROUND FLOOR, NO.1
50480 KUALA LUMPUR
Tel: 03-2201 1188
TAX INVOICE
Invoice No: 88812
Total 129.30`);
    assert.equal(p.vendor('name'), 'BLUE HERON KITCHENS MALAYSIA SDN BHD');
  });

  it('counts the lines a receipt\'s name and address were read without: a brand above the name, a mall after the country', () => {
    const receipt = (head: string) =>
      findParties(buildContext(buildTextDocument([textPage(`${head}\nTel: 03-2201 1188\nCASH RECEIPT\nCashier: 01\nTOTAL 12.00\nCASH 20.00\nCHANGE 8.00`, { page: 1 })]), {})).vendor;
    const mall = receipt('TOKYO GRILL (CITY MALL)\nTOKYO GRILL SDN BHD\nNO 8, JALAN 7/118B, DESA TUN RAZAK\n56000 KUALA LUMPUR, MALAYSIA\nKL FESTIVAL CITY MALL');
    assert.equal(mall?.name?.value, 'TOKYO GRILL SDN BHD');
    assert.equal(mall?.name?.leftOut, 1);
    assert.equal(mall?.document_address?.value, 'NO 8, JALAN 7/118B, DESA TUN RAZAK, 56000 KUALA LUMPUR, MALAYSIA');
    assert.equal(mall?.document_address?.leftOut, 1);
    const plain = receipt('TOKYO GRILL SDN BHD\nNO 8, JALAN 7/118B, DESA TUN RAZAK\n56000 KUALA LUMPUR, MALAYSIA');
    assert.equal(plain?.document_address?.value, mall?.document_address?.value);
    assert.equal(plain?.name?.leftOut, undefined);
    assert.equal(plain?.document_address?.leftOut, undefined);
  });

  it('on a receipt, leaves a leading "#" number out of the name, ends the address at "GUEST CHECK", and doubts a name that is only its legal form', () => {
    const receipt = (head: string) =>
      findParties(buildContext(buildTextDocument([textPage(`${head}\nCASH RECEIPT\nCashier: 01\nTOTAL 12.00\nCASH 20.00\nCHANGE 8.00`, { page: 1 })]), {})).vendor;
    const numbered = receipt('#000002 BAIFU (M) SDN BHD\nLOT 9 JALAN MERANTI\n43800 KAJANG, SELANGOR\nGUEST CHECK');
    assert.equal(numbered?.name?.value, 'BAIFU (M) SDN BHD');
    assert.equal(numbered?.name?.status, 'read');
    assert.equal(numbered?.document_address?.value, 'LOT 9 JALAN MERANTI, 43800 KAJANG, SELANGOR');
    const unnamed = receipt('Sdn Bhd\nUNIT G-13, GROUND FLOOR, NO.1 JLN KIARA\n50480 KUALA LUMPUR');
    assert.equal(unnamed?.name?.value, 'Sdn Bhd');
    assert.equal(unnamed?.name?.status, 'review');
  });

  it('ends a labelled block at a blank line: the table below is not the customer\'s address', () => {
    const p = partiesOf(`Northwind Office Supplies Ltd
12 Harbour Road, Tallinn 10111, Estonia

Invoice number: INV-7

Bill to: Contoso Trading OU

Description                 Qty    Price    Amount
Printer paper A4            10     8.20     82.00
Subtotal 82.00 EUR`);
    assert.equal(p.customer('name'), 'Contoso Trading OU');
    assert.equal(p.customer('document_address'), undefined);

    const tight = partiesOf(`Bill to:

Contoso Trading OU
Harbour Road 14
10111 Tallinn`);
    assert.equal(tight.customer('name'), 'Contoso Trading OU', 'a value one blank line under its label still counts');
    assert.equal(tight.customer('postal_code'), '10111');
  });

  it('takes the vendor from a letterhead in the other column than the recipient', () => {
    const p = partiesOf(`Invoice 103767
February 17, 2026
Page 1 / 1

Adatum Corporation                                      CRONUS DE
Station Road, 21                                     Hofstraße 12
48436 Düsseldorf                                    20097 Hamburg
                                                      Deutschland

Description   Quantity   Amount`);
    assert.equal(p.customer('name'), 'Adatum Corporation');
    assert.equal(p.vendor('name'), 'CRONUS DE');
    assert.equal(p.vendor('postal_code'), '20097');
    assert.equal(p.vendor('country'), 'DE');
  });

  it('takes the vendor from the lines above the "Bill To" label', () => {
    const p = partiesOf(`sammy@example.com                      INVOICE
Sammy Maystone                         # 1001
                                       Date:   Jan 1, 2022
Bill To:
Taylor Riddel
taylor@example.com`);
    assert.equal(p.vendor('name'), 'Sammy Maystone');
    assert.equal(p.vendor('email'), 'sammy@example.com');
    assert.equal(p.customer('name'), 'Taylor Riddel');
  });

  it('does not take a letterhead followed by its telephone for the recipient\'s window', () => {
    const p = partiesOf(`Alphabet Leasing GmbH
Lilienallee 26, 80786 München
Tel. 089/99822-0, Fax 089/99823-0
www.alphabet.example

Muster GmbH                         Rechnungsnummer:   2015738820
z. Hd. Herr Mustermann
Musterweg 1
60325 Frankfurt am Main`);
    assert.equal(p.customer('name'), 'Muster GmbH');
    assert.equal(p.customer('city'), 'Frankfurt am Main');
    assert.equal(p.vendor('name'), 'Alphabet Leasing GmbH');
  });

  it('takes the letterhead line the document prints again as the name, not a caption or trade name above it', () => {
    const head = `Greenleaf                                       Invoice no.:  5521
Printing and Design                             Date:  03.04.2024
Marta Kask Consulting
Pikk 12
10123 Tallinn
info@example.ee

Bill to:
Tomas Berg
Storgatan 3
11122 Stockholm`;
    const repeated = partiesOf(`${head}

Account holder: Marta Kask Consulting`);
    assert.equal(repeated.vendor('name'), 'Marta Kask Consulting');
    assert.equal(repeated.vendor('postal_code'), '10123');
    // Nothing printed again: the first line of the letterhead stays the name.
    assert.equal(partiesOf(head).vendor('name'), 'Greenleaf');
  });

  it('spells out a vendor named by its initials where the document prints the full name', () => {
    const p = partiesOf(`Customer Name:   Harbor Bakery
Please make checks payable to NRWU
Your Northern River Water Utility charges   42.10`);
    assert.equal(p.vendor('name'), 'Northern River Water Utility');
    // Initials that nothing on the page spells out stay as printed.
    assert.equal(partiesOf(`Customer Name:   Harbor Bakery
Please make checks payable to NRWU`).vendor('name'), 'NRWU');
  });

  it('reads names given by a label and the address printed under them on the remittance stub', () => {
    const p = partiesOf(`                                   Customer Name:   KELLER ISD
                                   Billing Date:    06/28/19
TOTAL AMOUNT DUE   7,699.63
Please make checks payable to City of Poway
Return this portion with your payment.




















KELLER ISD                    City of Poway
350 KELLER PKWY               P.O. Box 51097
KELLER TX 76248-2249          Los Angeles, CA 90051-5397`);
    assert.equal(p.customer('name'), 'KELLER ISD');
    assert.equal(p.customer('document_address'), '350 KELLER PKWY, KELLER TX 76248-2249');
    assert.equal(p.vendor('name'), 'City of Poway');
    assert.equal(p.vendor('document_address'), 'P.O. Box 51097, Los Angeles, CA 90051-5397');
  });

  it('does not read a label that ends a name, or a column heading on a later page, as a party label', () => {
    const p = partiesOf([
      `LOGO LE FOURNISSEUR
35 rue d'ici
75018 PARIS`,
      `METER   From          To            DAYS
1234    Jun 1, 2019   Jul 1, 2019   30`,
    ]);
    assert.notEqual(p.vendor('name'), "35 rue d'ici");
    assert.notEqual(p.vendor('name'), 'Jun 1, 2019');
  });

  it('places a recipient without a country line in the sender\'s country when the postal code is written that way', () => {
    const p = partiesOf(`Verkäufer:
Lieferant GmbH
Lieferstraße 1
DE 80333 München
Käufer:
Kunde AG
Kundenweg 88
40235 Düsseldorf`);
    assert.equal(p.customer('country'), 'DE');
    const abroad = partiesOf(`Verkäufer:
Lieferant GmbH
Lieferstraße 1
DE 80333 München
Käufer:
Klant BV
Kerkstraat 1
3500 MJ Utrecht`);
    assert.equal(abroad.customer('country'), 'NL');
  });

  it('reads the vendor\'s telephone as a key in its block, or from the help desk line outside the customer\'s block', () => {
    const inBlock = partiesOf(`Verkäufer:
Lieferant GmbH
Lieferstraße 1
DE 80333 München
Telefon   : +49 932 431 500`);
    assert.equal(inBlock.vendor('phone'), '+49 932 431 500');
    const outside = partiesOf(`Lieferant   Käufer
LIEFERANT GMBH   KUNDE GMBH
BAHNHOFSTRASSE 99   KUNDENWEG 88
99199 MUSTERHAUSEN   40235 DUESSELDORF
Bei Rückfragen:
Telefon: +49 932 431 500`);
    assert.equal(outside.vendor('phone'), '+49 932 431 500');
    const letter = partiesOf(`Lieferant   Käufer
LIEFERANT GMBH   KUNDE GMBH
BAHNHOFSTRASSE 99   KUNDENWEG 88
99199 MUSTERHAUSEN   40235 DUESSELDORF
T: +49 932 431 500   Kundennummer: 40235`);
    assert.equal(letter.vendor('phone'), '+49 932 431 500');
  });

  it('keeps a VAT id printed under its label for review when its checksum fails', () => {
    const document = buildTextDocument([textPage(`Invoice 1001
VAT Registration No.   Home Page   Phone No.
DE777777777            www.example.com`)]);
    const { vendor } = findParties(buildContext(document, {}));
    assert.equal(vendor?.vat_id?.value, 'DE777777777');
    assert.equal(vendor?.vat_id?.status, 'review');
  });

  it('takes the vendor from the remit-to block of a bill\'s stub, beside the known customer\'s', () => {
    const p = partiesOf(`                                   Customer Name:   KELLER ISD
TOTAL AMOUNT DUE   7,699.63
Amount Enclosed: $________






















                              ATMOS ENERGY
                              PO Box 790311
KELLER ISD                    St Louis, MO 63179-0311
350 KELLER PKWY
KELLER TX 76248-2249`);
    assert.equal(p.vendor('name'), 'ATMOS ENERGY');
    assert.equal(p.vendor('postal_code'), '63179-0311');
    assert.equal(p.customer('name'), 'KELLER ISD');
  });

  it('does not take the customer printed again for the vendor', () => {
    const p = partiesOf(`APPLE INC
PO BOX 183263
COLUMBUS OH 43218-3263

Return this portion with your payment.
APPLE INC
PO BOX 183263
COLUMBUS OH 43218-3263`);
    assert.equal(p.customer('name'), 'APPLE INC');
    assert.equal(p.vendor('name'), undefined);
  });
  it('reads the customer from an unlabelled window on the right, and never the vendor from it', () => {
    const window = ' '.repeat(76);
    const p = partiesOf(`Greenleaf Printing                                              Invoice
Pikk 12
10123 Tallinn
Tel. +372 555 1234



${window}Contoso Trading OU
${window}Harbour Road 14
${window}10111 Tallinn

Invoice no.:   2024-17
Date:   05.01.2024`);
    // The window's name has a legal form and the letterhead's has none: still the window is the customer's.
    assert.equal(p.vendor('name'), 'Greenleaf Printing');
    assert.equal(p.vendor('postal_code'), '10123');
    assert.equal(p.customer('name'), 'Contoso Trading OU');
    assert.equal(p.customer('postal_code'), '10111');
  });

  it('does not take a slogan over the shop\'s name for the name', () => {
    const p = partiesOf(`More saving. More doing.
THE HOME DEPOT
2250 SOUTHGATE RD
COLORADO SPRINGS, CO 80906
TEL 719-471-0054

HAMMER     9.97
TOTAL     10.57
CASH     20.00
CHANGE     9.43`);
    assert.equal(p.vendor('name'), 'THE HOME DEPOT');
  });
});
