// Seller and buyer from a CII TradeParty (the same shape in ZUGFeRD 1.0 and CII D16B).
import type { Party } from '../../schemas/document-fields.schema.js';
import { buildParty } from './build.js';
import { vatIdFromXml } from './identifiers.js';
import { all, textAt, withScheme, type XmlElement } from './xml-tree.js';

export function ciiParty(party: XmlElement | null): Party | null {
  if (!party) return null;
  const address = all(party, 'PostalTradeAddress')[0] ?? null;
  const contact = all(party, 'DefinedTradeContact');
  return buildParty({
    name: textAt(party, 'Name'),
    registry_code: textAt(party, 'SpecifiedLegalOrganization', 'ID'),
    // schemeID FC is the local tax number (Steuernummer), which is not a VAT id.
    vat_id: vatIdFromXml(withScheme(all(party, 'SpecifiedTaxRegistration', 'ID'), 'VA')),
    lines: [textAt(address, 'LineOne'), textAt(address, 'LineTwo'), textAt(address, 'LineThree')],
    postal_code: textAt(address, 'PostcodeCode'),
    city: textAt(address, 'CityName'),
    county: textAt(address, 'CountrySubDivisionName'),
    country: textAt(address, 'CountryID'),
    // The contact's e-mail (BT-43) is the one meant for people; the party's electronic address (BT-34)
    // is where e-invoices are delivered, so it only stands in when no contact e-mail is given.
    email:
      contact.map((c) => textAt(c, 'EmailURIUniversalCommunication', 'URIID')).find(Boolean) ??
      withScheme(all(party, 'URIUniversalCommunication', 'URIID'), 'EM'),
    phone: contact.map((c) => textAt(c, 'TelephoneUniversalCommunication', 'CompleteNumber')).find(Boolean) ?? null,
  });
}
