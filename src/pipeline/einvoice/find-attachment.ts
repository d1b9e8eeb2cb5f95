// Finds the invoice XML a Factur-X / ZUGFeRD / XRechnung PDF carries as an embedded file.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { sniffRootTag, syntaxOfRoot } from './syntax.js';
import { MAX_XML_CHARS } from './xml-tree.js';

export interface EmbeddedInvoiceXml {
  filename: string;
  xml: string;
}

// Names the standards prescribe (Factur-X / ZUGFeRD 2.x, ZUGFeRD 1.0, XRechnung in ZUGFeRD 2.1+),
// compared in lower case. Other .xml attachments are looked at after these, by their root element.
const STANDARD_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** Larger attachments are skipped unread. Text never has more characters than bytes, so this also keeps the XML under the parse cap. */
const MAX_BYTES = MAX_XML_CHARS;
/** Enough to get past the licence comment some samples put before the root element. */
const SNIFF_BYTES = 64 * 1024;

interface Attachment {
  filename?: unknown;
  content?: unknown;
}

/** The first embedded file that is an invoice in CII or UBL, or null; never throws. */
export async function findEmbeddedInvoiceXml(pdf: PDFDocumentProxy): Promise<EmbeddedInvoiceXml | null> {
  let attachments: Record<string, Attachment> | null;
  try {
    attachments = (await pdf.getAttachments()) as Record<string, Attachment> | null;
  } catch {
    return null;
  }
  if (!attachments || typeof attachments !== 'object') return null;

  const candidates: { filename: string; content: Uint8Array; rank: number }[] = [];
  for (const [key, attachment] of Object.entries(attachments)) {
    const filename = typeof attachment?.filename === 'string' && attachment.filename ? attachment.filename : key;
    const content = attachment?.content;
    if (!(content instanceof Uint8Array) || content.length === 0 || content.length > MAX_BYTES) continue;
    const lower = filename.toLowerCase();
    const rank = STANDARD_NAMES.indexOf(lower);
    if (rank >= 0) candidates.push({ filename, content, rank });
    else if (lower.endsWith('.xml')) candidates.push({ filename, content, rank: STANDARD_NAMES.length });
  }
  // Stable: attachments of the same rank keep the PDF's order.
  candidates.sort((a, b) => a.rank - b.rank);

  for (const { filename, content } of candidates) {
    const head = sniffRootTag(decodeXmlBytes(content.subarray(0, SNIFF_BYTES)));
    if (!head || !syntaxOfRoot(head.localName, head.namespaces)) continue;
    return { filename, xml: decodeXmlBytes(content) };
  }
  return null;
}

/** Bytes to text by the byte order mark, else the declared encoding, else UTF-8. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    const declaration = new TextDecoder('latin1').decode(bytes.subarray(0, 200)).match(/^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/);
    const declared = declaration?.[1]?.toLowerCase();
    // ZUGFeRD 1.0 tools sometimes wrote Latin-1; UTF-16 without a BOM is not worth guessing at.
    if (declared && /^(iso-8859-1|iso-8859-15|latin1|windows-1252|cp1252)$/.test(declared)) encoding = declared;
  }
  try {
    // Not fatal: one bad byte in a note should not cost the whole invoice.
    return new TextDecoder(encoding, { fatal: false, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
