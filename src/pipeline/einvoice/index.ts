// Embedded e-invoice XML (Factur-X, ZUGFeRD 1.0 / 2.x, XRechnung CII, UBL Invoice / CreditNote)
// read into DocumentFields. See README.md in this folder for the mapping.
import type { DocumentFields } from '../../schemas/document-fields.schema.js';
import { mapCii } from './cii.js';
import { syntaxOfRoot, type InvoiceSyntax } from './syntax.js';
import { mapUbl } from './ubl.js';
import { parseXmlTree } from './xml-tree.js';

export { findEmbeddedInvoiceXml, type EmbeddedInvoiceXml } from './find-attachment.js';
export type { InvoiceSyntax } from './syntax.js';

export interface ParsedEInvoice {
  syntax: InvoiceSyntax;
  /** The declared profile, e.g. "urn:cen.eu:en16931:2017" or "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort". */
  profile: string | null;
  /** The XML declares a credit note (type 381 and the like, or a UBL CreditNote). */
  creditNote: boolean;
  fields: DocumentFields;
}

/** The invoice an XML text describes, or null when it is not well-formed CII or UBL; never throws. */
export function parseEInvoiceXml(xml: string): ParsedEInvoice | null {
  const root = parseXmlTree(xml);
  if (!root) return null;
  const namespaces = Object.entries(root.attrs)
    .filter(([name]) => name === 'xmlns' || name.startsWith('xmlns:'))
    .map(([, uri]) => uri);
  const syntax = syntaxOfRoot(root.name, namespaces);
  if (!syntax) return null;
  try {
    const mapped = syntax === 'cii' ? mapCii(root) : mapUbl(root);
    const { document_number, total, line_items } = mapped.fields;
    // A right root around nothing usable is no invoice; the caller falls back to the page.
    if (!document_number && total == null && line_items.length === 0) return null;
    return { syntax, ...mapped };
  } catch {
    // The mappers only read; an exception here is a bug, but junk must still not take the caller down.
    return null;
  }
}
