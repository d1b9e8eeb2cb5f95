// Which e-invoice syntax a document is, told by its root element alone, so an attachment can be
// recognised before it is parsed in full.

export type InvoiceSyntax = 'cii' | 'ubl';

const CII_ROOTS = new Set(['CrossIndustryInvoice', 'CrossIndustryDocument']);
const UBL_ROOTS = new Set(['Invoice', 'CreditNote']);
// "Invoice" is a common root name; only the OASIS namespace makes it UBL.
const UBL_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:';

/** The syntax for a root's local name and the namespace URIs declared on it, or null for other XML. */
export function syntaxOfRoot(localName: string, namespaces: string[]): InvoiceSyntax | null {
  if (CII_ROOTS.has(localName)) return 'cii';
  if (UBL_ROOTS.has(localName) && namespaces.some((ns) => ns.startsWith(UBL_NAMESPACE))) return 'ubl';
  return null;
}

export interface RootTag {
  localName: string;
  namespaces: string[];
}

/**
 * Reads the root start tag without parsing the document: skips the XML declaration, processing
 * instructions, comments (ZUGFeRD samples open with a long licence comment) and a DOCTYPE.
 */
export function sniffRootTag(xml: string): RootTag | null {
  let at = 0;
  const length = xml.length;
  while (at < length) {
    const ch = xml.charCodeAt(at);
    // White space and a byte order mark.
    if (ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0d || ch === 0xfeff) {
      at++;
      continue;
    }
    if (ch !== 0x3c /* < */) return null;
    if (xml.startsWith('<?', at)) at = endOf(xml, '?>', at);
    else if (xml.startsWith('<!--', at)) at = endOf(xml, '-->', at);
    else if (xml.startsWith('<!DOCTYPE', at)) at = endOfDoctype(xml, at);
    else break;
    if (at < 0) return null;
  }
  // A start tag with its namespace declarations fits well within 64 KiB.
  const tag = xml.slice(at, at + 65536).match(/^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/);
  if (!tag) return null;
  const name = tag[1]!;
  const namespaces = [...(tag[2] ?? '').matchAll(/xmlns(?::[\w.-]+)?\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => m[1] ?? m[2] ?? '');
  return { localName: name.slice(name.indexOf(':') + 1), namespaces };
}

function endOf(xml: string, terminator: string, from: number): number {
  const end = xml.indexOf(terminator, from);
  return end < 0 ? -1 : end + terminator.length;
}

function endOfDoctype(xml: string, from: number): number {
  const close = xml.indexOf('>', from);
  const bracket = xml.indexOf('[', from);
  if (close < 0) return -1;
  if (bracket < 0 || bracket > close) return close + 1;
  // An internal subset holds the '>' of its own declarations; the DOCTYPE ends at the '>' after its ']'.
  const end = xml.indexOf(']', bracket);
  return end < 0 ? -1 : endOf(xml, '>', end);
}
