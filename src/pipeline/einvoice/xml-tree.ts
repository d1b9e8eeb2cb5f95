// Parses e-invoice XML into a small element tree whose names carry no namespace prefix.
// Files name their prefixes freely (rsm:, ram:, ns2:, none at all), so the mappers match local names.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  /** Local name, prefix removed. */
  name: string;
  /** Attributes by local name; namespace declarations are kept under their full `xmlns…` name. */
  attrs: Record<string, string>;
  /** Text content of the element itself (not of its children), entity references decoded. */
  text: string;
  children: XmlElement[];
}

/** Above this an attachment is not an invoice we want to hold in memory several times over. */
export const MAX_XML_CHARS = 5 * 1024 * 1024;

// Entity processing is off: a DOCTYPE's own entities (billion laughs, external files) are never expanded.
// The five predefined entities and character references are decoded by `decodeText` instead.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  // Real invoices nest about fifteen deep; the cap stops pathological input early.
  maxNestedTags: 64,
});

type OrderedNode = Record<string, unknown>;

/** The root element, or null when the text is not well-formed XML (or too large to read). */
export function parseXmlTree(xml: string): XmlElement | null {
  if (typeof xml !== 'string' || xml.length === 0 || xml.length > MAX_XML_CHARS) return null;
  const source = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  try {
    // The parser itself tolerates mismatched tags; the validator does not.
    if (XMLValidator.validate(source) !== true) return null;
    const nodes = parser.parse(source) as unknown;
    if (!Array.isArray(nodes)) return null;
    const roots = nodes.map((node) => toElement(node as OrderedNode)).filter((e): e is XmlElement => e !== null);
    return roots.length === 1 ? roots[0]! : null;
  } catch {
    return null;
  }
}

function toElement(node: OrderedNode): XmlElement | null {
  const key = Object.keys(node).find((k) => k !== ':@' && !k.startsWith('#') && !k.startsWith('?'));
  if (key === undefined) return null;
  const rawAttrs = (node[':@'] ?? {}) as Record<string, unknown>;
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawAttrs)) {
    if (typeof value !== 'string') continue;
    attrs[name.startsWith('xmlns') ? name : localName(name)] = decodeText(value);
  }
  const element: XmlElement = { name: localName(key), attrs, text: '', children: [] };
  const content = node[key];
  if (Array.isArray(content)) {
    for (const item of content as OrderedNode[]) {
      if ('#text' in item) element.text += decodeText(String(item['#text']));
      else if ('#cdata' in item) element.text += cdataText(item['#cdata']);
      else {
        const child = toElement(item);
        if (child) element.children.push(child);
      }
    }
  }
  return element;
}

function cdataText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((part) => String((part as OrderedNode)['#text'] ?? '')).join('');
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes predefined entities and character references; anything else (DTD entities) stays literal. */
export function decodeText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

// Navigation. A step may list alternative names with '|', because ZUGFeRD 1.0 and CII D16B name
// the same aggregate differently (SpecifiedSupplyChainTradeSettlement | SpecifiedLineTradeSettlement).

function matches(element: XmlElement, step: string): boolean {
  return step.includes('|') ? step.split('|').includes(element.name) : element.name === step;
}

/** Every element reached by the path of child names. */
export function all(from: XmlElement | null | undefined, ...path: string[]): XmlElement[] {
  if (!from) return [];
  let level = [from];
  for (const step of path) level = level.flatMap((e) => e.children.filter((c) => matches(c, step)));
  return level;
}

/** The first element reached by the path, or null. */
export function first(from: XmlElement | null | undefined, ...path: string[]): XmlElement | null {
  return all(from, ...path)[0] ?? null;
}

/** Text of the first element reached by the path with white space runs collapsed, or null when empty. */
export function textAt(from: XmlElement | null | undefined, ...path: string[]): string | null {
  for (const element of all(from, ...path)) {
    const text = collapse(element.text);
    if (text) return text;
  }
  return null;
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text of the first element whose schemeID is the one asked for. */
export function withScheme(elements: XmlElement[], scheme: string): string | null {
  for (const element of elements) {
    if (element.attrs['schemeID']?.trim().toUpperCase() !== scheme) continue;
    const text = textAt(element);
    if (text) return text;
  }
  return null;
}
