// Vendor and customer. A party is a block of lines: under a label ("Verkäufer", "Bill to", "Saaja"),
// in the address window of a letter, in the sender line above it, or at the head of a receipt. The
// block's lines are then read as name, street, postal code and city, country, contacts and ids.
// Who is who: labels first; then the party that prints the bank account and VAT id is the vendor.
import type { Cell, Line } from '../layout/lines.js';
import { nameRow } from '../layout/block-roles.js';
import type { TextDocument } from '../layout/text-document.js';
import type { Word } from '../types.js';
import { countryOfLine, postalCodeFits, postalLine } from './address.js';
import type { FieldContext } from './context.js';
import { evidenceOf, findLabels, lineAt, wordsIn, type Evidence, type LabelHit } from './find-labelled.js';
import type { Found } from './found.js';
import { fold, labelOnly, LABELS } from './labels.js';
import { addressLike, followedByContacts, letterhead, letterheadByModel, slogan } from './letterhead.js';
import { blockNamed, labelledName, remitToBlock } from './named-party.js';
import { addressExtent, addressLines, isRegistrationLine, isTradeWord } from './party-lines.js';
import { emailOutside, phoneOutside, registryCodeIn, registryCodeOutside, vatIdAddressedToReader, vatIdIn, vatIdOutside } from './party-ids.js';
import { blockLine, type Block, type BlockLine } from './party-block.js';
import { spelledOut } from './spelled-out.js';
import { dateTokens } from './tokens.js';
import { endsReceiptHead, readableHeadLines, withoutCompanyNumber, withoutLeadingNumber } from './receipt-head.js';


export interface FoundParty {
  name?: Found<string>;
  address?: Found<string>;
  document_address?: Found<string>;
  postal_code?: Found<string>;
  city?: Found<string>;
  country?: Found<string>;
  vat_id?: Found<string>;
  registry_code?: Found<string>;
  email?: Found<string>;
  phone?: Found<string>;
  /** Lines the party was read from, so no other party takes them. */
  lineIndexes: Set<number>;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u;
// "T: 012 346 0749": a lone T is a telephone label only with its colon.
const PHONE = /(?:tel|phone|telefon|tél|tel\.|puh|tālr|ph|mob|mobile|hp|(?<![\p{L}])t(?=\s*:))\.?(?:\s*no\.?)?\s*[:.]?\s*(\+?[\d ()/.-]{6,20}\d)/iu;
const PHONE_KEY = /^(?:tel|telefon|telephone|phone|phone no|tel\.?|fon|puh|puhelin|mob|mobile|telefono|telefoon)\.?$/iu;
// "Sdn" (sendirian) says a Malaysian company even where OCR misread the "Bhd" after it ("SDN BHO").
const LEGAL_FORM_WORD =
  /(?<![\p{L}])(?:gmbh|e\.k\.|gbr|ltd|limited|llc|inc|corp|co\.|company|plc|oyj|sarl|s\.a\.|eurl|sp\. ?z ?o\.?o\.?|s\.l\.|b\.v\.|n\.v\.|a\.\s?g\.|sdn\.?(?: bhd\.?)?|bhd|enterprise|trading|pvt|pty)(?![\p{L}])/iu;
// Short legal forms are also words ("ab 01.01.", "ou", "as"), so they count only as printed: upper case.
const LEGAL_FORM_CAPS = /(?<![\p{L}])(?:AG|KG|UG|OÜ|OU|AS|ApS|AB|Oy|OY|SIA|UAB|SAS|SA|SL|BV|NV)(?![\p{L}])/u;
const hasLegalForm = (text: string) => LEGAL_FORM_WORD.test(text) || LEGAL_FORM_CAPS.test(text);
/** A name that ends in its legal form ("… GmbH", "… a.G.", "… Ltd."), which is where a company name ends. */
const LEGAL_FORM_AT_END = /(?<![\p{L}])(?:gmbh|ag|kg|a\.\s?g\.|e\.\s?v\.|ltd\.?|limited|llc|inc\.?|corp\.?|plc|oü|sas|sarl|s\.a\.|bv|b\.v\.|nv|n\.v\.|sdn\.? bhd\.?|bhd\.?|co\.)$/iu;
const NOT_A_NAME =
  /^(?:tax invoice|invoice|receipt|official receipt|cash (?:sale|bill|receipt)|simplified tax invoice|rechnung|facture|factuur|arve|lasku|copy|duplicate|original|welcome|thank you|kopie|page \d|seite \d|\d+)$|\bfor (?:shopping|visiting|dining|your (?:visit|purchase|order))\b/iu;
const SUB_LABEL = /^(?:name|firma|company|anschrift|adresse|address|street|strasse|straße|rue|aadress|osoite|adrese|adresas|adres|direccion|адрес)\s*:?$/iu;
const STOP = /\b(?:tel|phone|fax|e-?mail|gst|sst|vat|ust|tax|date|datum|invoice|receipt|cashier|counter|table|guest check|www\.|http|doc(?:ument)? no|bill no|inv no)\b/iu;

export interface Parties {
  vendor: FoundParty | null;
  customer: FoundParty | null;
}

export function findParties(context: FieldContext): Parties {
  const document = context.document;
  const vendorBlock = labelledBlock(document, 'vendorBlock');
  const customerBlock = labelledBlock(document, 'customerBlock');
  let vendor = vendorBlock ? readBlock(vendorBlock) : null;
  let recipient = customerBlock;

  if (!recipient && context.kind !== 'receipt') recipient = windowBlock(document, vendor) ?? addressWindow(document, vendor);
  let customer = recipient ? readBlock(recipient) : null;
  const customerName = context.kind === 'receipt' || customer?.name ? null : labelledName(document, 'customerName');
  if (customerName) customer = mergeParty(customer, readBlock(blockNamed(document, customerName.text) ?? { lines: [customerName], indexes: [], confidence: 0.85 }));
  if (!vendor?.name) {
    const taken = customer?.lineIndexes ?? new Set<number>();
    // The addressee's words (the window, the block under "Bill to") never name the vendor.
    const addressee = new Set([...addresseeWords(document), ...(recipient?.lines.flatMap((l) => l.words) ?? [])]);
    const payee = context.kind === 'receipt' ? null : labelledName(document, 'vendorName');
    const strategies: (() => Block | null)[] =
      context.kind === 'receipt'
        ? [() => receiptHead(document)]
        : payee
          ? [() => blockNamed(document, payee.text) ?? { lines: [payee], indexes: [], confidence: 0.85 }]
          : [
              () => remitToBlock(document, customer?.name?.value),
              () => senderLine(document),
              () => letterheadByModel(document, addressee, hasLegalForm),
              () => companyLine(document, taken, addressee),
              () => letterhead(document, addressee),
            ];
    // The customer printed again (on a remittance stub, in a footer) is not the vendor.
    const isCustomer = (party: FoundParty) => !!party.name && !!customer?.name && fold(party.name.value) === fold(customer.name.value);
    for (const strategy of strategies) {
      const block = strategy();
      const party = block ? readBlock(block) : null;
      if (!party || isCustomer(party)) continue;
      // A receipt's head joins its name's halves among its readable lines (receiptHead).
      if (party.name && context.kind !== 'receipt') party.name = withNameHead(document, party.name);
      vendor = mergeParty(vendor, party);
      break;
    }
  }
  // The customer's own words, cell by cell: a line can hold the customer's block on one side and the vendor's facts on the other.
  const customerWords = new Set(recipient ? recipient.lines.flatMap((l) => l.words) : [...(customer?.lineIndexes ?? [])].flatMap((i) => document.lines[i]!.words));
  if (vendor && !vendor.phone) {
    const phone = phoneOutside(document, customerWords);
    if (phone) vendor.phone = phone;
  }
  if (vendor && !vendor.email) {
    const email = emailOutside(document, customerWords);
    if (email && email.value !== customer?.email?.value) vendor.email = email;
  }
  if (vendor && !vendor.registry_code) {
    const registry = registryCodeOutside(document, customerWords);
    if (registry) vendor.registry_code = registry;
  }
  if (customer && !customer.vat_id) {
    const vatId = vatIdAddressedToReader(document);
    if (vatId) customer.vat_id = vatId;
  }
  if (!vendor?.vat_id) {
    const vatId = vatIdOutside(document, customerWords);
    if (vatId) vendor = { ...(vendor ?? { lineIndexes: new Set<number>() }), vat_id: vatId };
  }
  const fullName = vendor?.name ? spelledOut(vendor.name.value, document) : null;
  if (vendor?.name && fullName) vendor.name = { ...vendor.name, value: fullName.text, printed: fullName.text, evidence: evidenceOf(fullName.words, fullName.page) as Evidence };
  if (customer && vendor) {
    domesticCountry(customer, vendor);
    domesticCountry(vendor, customer);
  }
  return { vendor, customer };
}

/**
 * An address without a country line is a domestic one: letters abroad must name the country. So a party
 * whose postal code is written the way the other party's country writes them is in that country.
 * Enriched, not read; a party with a VAT id gets its country from the id's prefix instead.
 */
function domesticCountry(party: FoundParty, other: FoundParty): void {
  const vatPrefix = other.vat_id?.status === 'read' ? other.vat_id.value.slice(0, 2) : undefined;
  const country = other.country?.value ?? (vatPrefix === 'EL' ? 'GR' : vatPrefix);
  const postalCode = party.postal_code?.value;
  if (party.country || party.vat_id || !country || !postalCode || !postalCodeFits(postalCode, country)) return;
  party.country = { value: country, confidence: 0.7, status: 'enriched' };
}

/** The lines under (or after) a party label, in the label's column. */
function labelledBlock(document: TextDocument, name: 'vendorBlock' | 'customerBlock'): Block | null {
  // A party label opens its cell and stands alone or ends in a colon: "Lieferant GmbH" is a name that
  // starts like a label, "LOGO LE FOURNISSEUR" a name that ends like one.
  // Parties are named on the first page; "From" on a later page heads a column of a period.
  const hits = findLabels(document, name)
    .filter((h) => h.line.page === 1)
    .filter((h) => LABELS[name].labels[h.rank]!.exec(fold(h.labelWords.map((w) => w.text).join(' ')))?.index === 0)
    .map((h) => (compoundLabel(h.rest) ? { ...h, rest: [] } : h))
    .filter((h) => h.labelWords.length <= 4 && (h.rest.length === 0 || /:$/u.test(h.labelWords.at(-1)!.text) || /^:/u.test(h.rest[0]!.text)));
  for (const hit of hits) {
    const block = blockUnder(document, hit);
    if (block.lines.some((l) => /\p{L}{3}/u.test(l.text))) return block;
  }
  return null;
}

/** "Käufer/Leistungsempfänger:", "Bill to & Ship to": the second half of a label joined to the first. */
const compoundLabel = (rest: Word[]) => rest.length > 0 && rest.length <= 2 && /^[/&+-]/u.test(rest[0]!.text) && !/\d/u.test(rest.map((w) => w.text).join(''));

function blockUnder(document: TextDocument, hit: LabelHit): Block {
  const lines: BlockLine[] = [];
  const indexes: number[] = [];
  if (hit.rest.length) lines.push(blockLine(hit.rest, hit.line.page));
  const left = hit.cell.box[0] - 20;
  // A second label on the same line ("Bill to … Ship to") bounds this block's column.
  const right = hit.line.cells.find((c) => c.box[0] > hit.cell.box[2] + 10)?.box[0] ?? 1001;
  const lineHeight = Math.max(hit.line.box[3] - hit.line.box[1], 8);
  let bottom = hit.line.box[3];
  for (let i = hit.line.index + 1; i < document.lines.length && lines.length < 8; i++) {
    const line = document.lines[i]!;
    // A value may stand well below its label, but once the block has begun a blank line ends it
    // (what follows is the next paragraph or a table, not more of the address).
    const gap = line.box[1] - bottom;
    if (line.page !== hit.line.page || gap > lineHeight * 2.6 || (lines.length > 0 && gap > lineHeight * 1.2)) break;
    const inColumn = line.cells.filter((c) => c.box[0] >= left && c.box[0] < right);
    if (!inColumn.length) continue;
    // Other cells further right belong to the block only as the value of a "Key:" cell.
    const keyed = /:\s*$/u.test(inColumn[0]!.text) || /^\s*:/u.test(inColumn[1]?.text ?? '');
    const cells = keyed ? inColumn.slice(0, 2) : inColumn.slice(0, 1);
    const text = fold(cells.map((c) => c.text).join(' '));
    if (isPartyLabel(text)) break;
    bottom = line.box[3];
    lines.push(keyedLine(cells, line.page));
    indexes.push(line.index);
  }
  return { lines, indexes, confidence: 0.9 };
}

function isPartyLabel(folded: string): boolean {
  return [...LABELS.vendorBlock.labels, ...LABELS.customerBlock.labels].some((l) => {
    const match = l.exec(folded);
    return match && match.index === 0 && folded.length <= match[0].length + 2;
  });
}

/** "Name: Lieferant GmbH", "Nummer | : 549910", "Globale Nummer: 4333741000005": a key and its value. */
function keyedLine(cells: Cell[], page: number): BlockLine {
  const words = cells.flatMap((c) => c.words);
  const colon = words.findIndex((w) => /:$/u.test(w.text) || w.text === ':');
  const nextStarts = words.findIndex((w, i) => i > 0 && /^:/u.test(w.text));
  const keyEnd = colon >= 0 && colon < 4 ? colon + 1 : nextStarts > 0 && nextStarts < 4 ? nextStarts : -1;
  if (keyEnd > 0) {
    const key = fold(words.slice(0, keyEnd).map((w) => w.text).join(' ').replace(/\s*:$/u, ''));
    const value = words.slice(keyEnd).map((w, i) => (i === 0 ? { ...w, text: w.text.replace(/^:\s*/u, '') } : w)).filter((w) => w.text);
    return { ...blockLine(value, page), key };
  }
  return blockLine(words, page);
}

/** Words of the page model's addressee blocks (address windows, blocks under a customer label). */
function addresseeWords(document: TextDocument): Word[] {
  return document.blocks.filter((b) => b.role === 'address').flatMap((b) => b.rows.flatMap((r) => r.cells.flatMap((c) => c.words)));
}

/**
 * The page model's address window, unlabelled (a labelled one was read under its label): its first
 * line is the addressee's name, the rest the address. Not a block the vendor was read from.
 */
function windowBlock(document: TextDocument, vendor: FoundParty | null): Block | null {
  const taken = vendor?.lineIndexes ?? new Set<number>();
  for (const block of document.blocks) {
    if (block.role !== 'address' || block.page !== 1 || block.rows.some((r) => taken.has(r.line))) continue;
    const rows = block.rows.map((r) => blockLine(r.cells.flatMap((c) => c.words), block.page));
    // A caption the party labels do not know ("Afnemer:"), or a sentence, over the name.
    const start = nameRow(block);
    if (start < 0) continue;
    const lines = rows.slice(start).filter((l) => !/^(?:firma|attn\.?:?)$/iu.test(l.text));
    if (lines.length < 2 || !/\p{L}{2}/u.test(lines[0]!.text) || addressLike(lines[0]!.text)) continue;
    return { lines, indexes: block.rows.slice(start).map((r) => r.line), confidence: 0.75 };
  }
  return null;
}

/** The recipient's address in a letter's window: a short block on the first page, upper half, ending in a postal line. */
function addressWindow(document: TextDocument, vendor: FoundParty | null): Block | null {
  const taken = vendor?.lineIndexes ?? new Set<number>();
  const firstPage = document.lines.filter((l) => l.page === 1 && l.box[1] < 450);
  for (const line of firstPage) {
    if (taken.has(line.index)) continue;
    const cell = line.cells.find((c) => c.box[0] < 550 && postalLine(c.text) && !/[·•|]/u.test(c.text));
    if (!cell) continue;
    const block: Line[] = [line];
    for (let i = line.index - 1; i >= 0 && block.length < 6; i--) {
      const above = document.lines[i]!;
      if (above.page !== 1 || block[0]!.box[1] - above.box[3] > (line.box[3] - line.box[1]) * 1.8) break;
      const aboveCell = above.cells.find((c) => Math.abs(c.box[0] - cell.box[0]) < 25);
      // Address lines carry no dates and no "Label: value" pairs; the title line above the window does.
      if (!aboveCell || /[·•|:]/u.test(aboveCell.text) || /\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/u.test(aboveCell.text) || taken.has(above.index)) break;
      block.unshift(above);
    }
    // A block followed by its telephone and web address is a letterhead, the sender's, not the window.
    if (block.length < 2 || followedByContacts(document, line, cell)) continue;
    const lines = block.map((l) => blockLine(l.cells.find((c) => Math.abs(c.box[0] - cell.box[0]) < 25)!.words, l.page));
    const next = document.lines[line.index + 1];
    const country = next?.cells.find((c) => Math.abs(c.box[0] - cell.box[0]) < 25 && countryOfLine(c.text));
    if (next && country) lines.push(blockLine(country.words, next.page));
    return { lines: lines.filter((l) => !/^(?:firma|attn\.?:?)$/iu.test(l.text)), indexes: block.map((l) => l.index), confidence: 0.75 };
  }
  return null;
}

/** "Lieferant GmbH · Lieferantenstraße 20 · 80333 München": the sender printed small above the window. */
function senderLine(document: TextDocument): Block | null {
  for (const line of document.lines.filter((l) => l.page === 1 && l.box[1] < 450)) {
    for (const cell of line.cells) {
      const parts = cell.text.split(/\s*[·•|]\s*|\s+[-–]\s+/u).filter(Boolean);
      if (parts.length < 3 || !parts.some((p) => postalLine(p))) continue;
      return { lines: parts.map((p) => ({ text: p, words: cell.words, page: line.page })), indexes: [line.index], confidence: 0.8 };
    }
  }
  return null;
}

/** An invoice without labels or sender line: the first line that names a company by its legal form. */
function companyLine(document: TextDocument, taken: Set<number>, addressee: Set<Word>): Block | null {
  const candidates = document.lines.filter((l) => !taken.has(l.index) && l.page === 1);
  for (const line of candidates) {
    const cell = line.cells.find(
      (c) => hasLegalForm(c.text) && c.text.length <= 60 && !STOP.test(c.text) && !addressLike(c.text) && !c.words.some((w) => addressee.has(w)),
    );
    if (!cell) continue;
    const lines = [blockLine(cell.words, line.page)];
    for (const next of document.lines.slice(line.index + 1, line.index + 4)) {
      const below = next.cells.find((c) => Math.abs(c.box[0] - cell.box[0]) < 25);
      if (!below || STOP.test(below.text)) break;
      lines.push(blockLine(below.words, next.page));
      if (postalLine(below.text)) break;
    }
    return { lines, indexes: [line.index], confidence: 0.7 };
  }
  return null;
}

/** A receipt names its shop on the first lines, then the address until the phone or tax number. */
function receiptHead(document: TextDocument): Block | null {
  const top = readableHeadLines(document.lines.filter((l) => l.page === 1)).slice(0, 14);
  // The registered name (with its legal form) beats a logo's lettering above it.
  const legal = top.slice(0, 8).findIndex((l) => hasLegalForm(l.text) && !STOP.test(l.text) && !registrationLine(l.text.trim()) && !isRegistrationLine(l.text));
  const start = legal >= 0 ? legal : top.findIndex((l) => /\p{L}{3}/u.test(l.text) && !NOT_A_NAME.test(l.text.trim()) && !slogan(l.text) && l.text.replace(/[^\p{L}]/gu, '').length >= 3);
  if (start < 0) return null;
  const name = endAtLegalForm(withoutCompanyNumber(withoutLeadingNumber(top[start]!.words)));
  const lines: BlockLine[] = [blockLine(name, 1)];
  // Long registered names wrap: "THE COFFEE BEAN &" over "TEA LEAF (M) SDN. BHD.".
  const above = top[start - 1];
  const joined = legal >= 0 && !!above && isNameTail(name) && isNameHead(above, top[start]!);
  if (joined) lines[0] = blockLine([...above.words, ...name], 1);
  let addressLeftOut = 0;
  for (let i = start + 1; i < top.length; i++) {
    const line = top[i]!;
    const text = line.text.trim();
    // A registration under the name ("(GST Reg No: 0015…)") comes before the address, not after it.
    if (registrationLine(text) || (lines.length === 1 && /^\(.*\d.*\)$/u.test(text))) continue;
    // Company and tax registrations often come between the name and the address ("GST NO: 0003…").
    if (lines.length === 1 && isRegistrationLine(text)) continue;
    // The phone line closes the head; it is taken along so the shop's number is read (never as address).
    const phone = PHONE.exec(text);
    if (phone && lines.length < 6) {
      // "81750 Johor Bahru, Johor. Tel No.: 07-387 3322": the address ends on the phone's line.
      const at = wordAt(line.words, phone.index);
      if (at > 0 && /\p{L}{3}/u.test(text.slice(0, phone.index))) lines.push(blockLine(line.words.slice(0, at), 1));
      lines.push(blockLine(line.words.slice(Math.max(0, at)), 1));
      break;
    }
    if (endsHead(text) || lines.length >= 6) break;
    lines.push(blockLine(line.words, 1));
    // The country closes an address ("56000 Kuala Lumpur, Malaysia"); a branch or mall name may follow.
    if (countryOfLine(text.split(',').at(-1) ?? '')) {
      const next = top[i + 1]?.text.trim() ?? '';
      if (/\p{L}{3}/u.test(next) && !endsHead(next) && !PHONE.test(next) && !isRegistrationLine(next) && !NOT_A_NAME.test(next)) addressLeftOut = 1;
      break;
    }
  }
  const indexes = top.slice(start, start + lines.length).map((l) => l.index);
  // "BHPETROL PERMAS JAYA 2 / LOT PTD 101051 / 81750 MASAI, JOHOR / ESJAY FUEL ENTERPRISE": a station or
  // branch prints its address under its brand, and the company's name under that.
  const addressAbove = lines.length === 1 ? addressLines(top.slice(0, start)) : [];
  const stationAddress = addressAbove.some((l) => postalLine(l.text));
  if (stationAddress) {
    lines.push(...addressAbove.map((l) => blockLine(l.words, 1)));
    indexes.push(...addressAbove.map((l) => l.index));
  }
  // Lines above the name (a brand, a logo's lettering) that it was read without.
  const nameLeftOut = stationAddress ? 0 : top.slice(0, joined ? start - 1 : start).filter((l) => /\p{L}{3}/u.test(l.text)).length;
  return { lines, indexes, confidence: 0.7, leftOut: { name: nameLeftOut, address: addressLeftOut } };
}

/** A line of the sale or of the shop's contacts, not of its name or address. */
const endsHead = (text: string) => STOP.test(text) || EMAIL.test(text) || /^[\d\s()+/.-]{7,}$/u.test(text) || endsReceiptHead(text);

/** Index of the word holding the character at `index` of the words joined by single spaces. */
function wordAt(words: readonly Word[], index: number): number {
  let end = 0;
  return words.findIndex((w) => (end += w.text.length + 1) > index);
}

/**
 * The company's registration under its name ("(862725-U)", "(+M0517726)", "(Co. No. 113825-W)", "CO REG NO :
 * 210038-K"), which is neither name nor address.
 */
const registrationLine = (text: string) =>
  /^\(?\+?[\w-]*\d[\w-]*\)?$/u.test(text) || /\b(?:co\.? ?(?:reg|no)|company no|roc)\b/iu.test(text);

/**
 * A registered name that cannot stand alone: its legal form with one word at most ("CO. (M) SDN BHD",
 * "(SEMENYIH) SDN BHD"), only words of a trade ("DISTRIBUTOR & SUPPLY SDN BHD") or a start that joins
 * ("& TEA LEAF (M) SDN. BHD."). A whole name under a brand ("GOLDEN SCOOP SDN BHD" under "DESA PARK
 * CITY") is the name alone.
 */
function isNameTail(words: readonly Word[]): boolean {
  if (/^(?:&|and|of|dan)$/iu.test(words[0]?.text ?? '')) return true;
  const named = namingWords(words);
  return named.length <= 1 || named.every((w) => isTradeWord(w.text));
}

/** The words of a registered name that name: not its legal form, a bracketed qualifier ("(M)"), or the word after "Sdn". */
function namingWords(words: readonly Word[]): Word[] {
  // The word after "Sdn" is its "Bhd", however OCR read it ("SDN BHO").
  return words.filter((w, i) => /\p{L}/u.test(w.text) && !hasLegalForm(w.text) && !/^\(.*\)$/u.test(w.text) && !/^sdn\.?$/iu.test(words[i - 1]?.text ?? ''));
}

/**
 * A registered name that cannot stand alone ("SDN BHD" under "NANDO'S CHICKENLAND MALAYSIA"), as the
 * letterhead strategies found it on its own line, with the first half printed right above it.
 */
function withNameHead(document: TextDocument, name: Found<string>): Found<string> {
  const { page, box } = name.evidence ?? {};
  if (!page || !box || !hasLegalForm(name.value)) return name;
  const line = lineAt(document.lines, page, box);
  const words = line ? wordsIn(line, box) : [];
  const above = line && document.lines[line.index - 1];
  if (!line || !words.length || !above || above.page !== page || !isNameTail(words) || !isNameHead(above, line)) return name;
  const value = `${above.text} ${name.value}`;
  return { ...name, value, printed: value, evidence: evidenceOf([...above.words, ...words], page) as Evidence };
}

/**
 * An upper-case line right above a registered name, in the same print size, is its first half; unless
 * it only repeats words of the name (a logo's lettering: "COFFEE" over "EIGHT OUNCE COFFEE CO.").
 */
function isNameHead(above: Line, name: Line): boolean {
  const letters = above.text.replace(/[^\p{L}]/gu, '');
  const height = (l: Line) => l.box[3] - l.box[1];
  const nameWords = new Set(wordsOf(name.text));
  return (
    !wordsOf(above.text).every((w) => nameWords.has(w)) &&
    letters.length >= 2 &&
    letters === letters.toUpperCase() &&
    !NOT_A_NAME.test(above.text.trim()) &&
    !STOP.test(above.text) &&
    name.box[1] - above.box[3] < height(name) &&
    Math.abs(height(above) - height(name)) < height(name) * 0.35
  );
}

/**
 * A registered name ends with its legal form: what follows on the line is the branch or the mall
 * ("EIGHT OUNCE COFFEE CO. THE GARDENS MALL"). Not when it goes on to another legal form ("GmbH & Co. KG").
 */
function endAtLegalForm(words: Word[]): Word[] {
  const last = words.findLastIndex((w, i) => i > 0 && LEGAL_FORM_AT_END.test(w.text.replace(/[,;]$/u, '')));
  return last > 0 && last < words.length - 1 ? words.slice(0, last + 1) : words;
}

const wordsOf = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function readBlock(block: Block): FoundParty {
  const party: FoundParty = { lineIndexes: new Set(block.indexes) };
  const found = (value: string, words: Word[], page: number, factor = 1): Found<string> => ({
    value,
    confidence: Math.round(block.confidence * factor * Math.min(1, 0.4 + evidenceOf(words, page).confidence * 0.6) * 100) / 100,
    status: 'read',
    evidence: evidenceOf(words, page) as Evidence,
    printed: value,
  });

  const plain: BlockLine[] = [];
  for (const line of block.lines) {
    const email = EMAIL.exec(line.text);
    if (email && !party.email) party.email = found(email[0], line.words, line.page);
    // "Telefon   : +49 932 431 500" in a block is read as key and value; the key says it is a phone.
    const phone = PHONE.exec(line.key && PHONE_KEY.test(line.key) ? `tel ${line.text}` : line.text);
    if (phone && !party.phone) party.phone = found(phone[1]!.trim(), line.words, line.page);
    const registry = registryCodeIn(line.key ? `${line.key} ${line.text}` : line.text);
    if (registry && !party.registry_code) party.registry_code = found(registry, line.words, line.page);
    const vat = vatIdIn(line.text, line.key);
    if (vat && !party.vat_id) party.vat_id = { ...found(vat.value, line.words, line.page, vat.valid ? 1 : 0.6), ...(vat.valid ? {} : { status: 'review' as const }) };
    if (line.key && SUB_LABEL.test(line.key)) plain.push(line);
    else if (!line.key && !email && !phone && !/\b(?:ust|vat|tax|steuer|gln|iban|bic|kmkr|reg)\b/iu.test(line.text)) plain.push(line);
  }
  const nameLine = plain.find((l) => /^(?:name|firma|company)$/iu.test(l.key ?? '')) ?? plain.find((l) => /\p{L}{2}/u.test(l.text) && !postalLine(l.text) && !isDate(l.text));
  // A block that opens with a field's label alone ("Client Name", "Service Address") prints its name
  // beside the label, where the labelled name is read (named-party.ts); the label names no one.
  const nameLines = nameLine && !labelOnly(nameLine.text) ? [nameLine, ...nameContinuation(nameLine, plain[plain.indexOf(nameLine) + 1])] : [];
  if (nameLine && nameLines.length) {
    const words = nameLines.flatMap((l) => l.words);
    // A company number printed after the name ("Golden Scoop Sdn Bhd (169669-A)") is not part of it.
    const text = nameLines.map((l) => l.text).join(' ');
    party.name = { ...found(text.replace(/\s*\([\w-]*\d[\w-]*\)\s*$/u, '').replace(/[,;]$/u, ''), words, nameLine.page), ...leftOut(block.leftOut?.name) };
    // "Sdn Bhd" alone: the rest of the name was not read; what is left names no one.
    if (!namingWords(words).length) party.name.status = 'review';
  }
  const rest = plain.filter((l) => !nameLines.includes(l));
  const postalIndex = rest.findIndex((l) => postalLine(l.text));
  const streetLines = (postalIndex >= 0 ? rest.slice(0, postalIndex) : rest.slice(0, 1)).filter((l) => /\d/u.test(l.text) || /stra(?:ss|ß)e|street|road|jalan|rue|tee|iela|gatan|katu|avenue|drive|box/iu.test(l.text));
  const street = streetLines.at(-1);
  if (street) party.address = found(street.text.replace(/,$/u, ''), street.words, street.page);
  const postal = postalIndex >= 0 ? rest[postalIndex]! : null;
  const parsed = postal ? postalLine(postal.text) : null;
  if (postal && parsed) {
    party.postal_code = found(parsed.postal_code, postal.words, postal.page);
    if (parsed.city) party.city = found(parsed.city, postal.words, postal.page);
    if (parsed.country) party.country = found(parsed.country, postal.words, postal.page, 0.9);
    if (!party.address && parsed.before) party.address = found(parsed.before.replace(/,$/u, ''), postal.words, postal.page);
  }
  for (const line of rest) {
    const country = countryOfLine(line.text);
    if (country) party.country = found(country, line.words, line.page);
  }
  const { lines: address, leftOut: addressLeftOut } = addressExtent(rest);
  if (address.length) {
    const words = address.flatMap((l) => l.words);
    party.document_address = { ...found(address.map((l) => l.text.replace(/,$/u, '')).join(', '), words, address[0]!.page), ...leftOut(addressLeftOut + (block.leftOut?.address ?? 0)) };
  }
  return party;
}

const leftOut = (lines: number | undefined) => (lines ? { leftOut: lines } : {});

/** "Jun 1, 2019" under a "From" column heading is a period, not a name. */
const isDate = (text: string) => dateTokens(text, undefined).some((t) => t.text.length >= text.trim().length - 2);

const SALUTATION = /^(?:herrn?|frau|mr\.?|mrs\.?|ms\.?|monsieur|madame|mme\.?|m\.)$/iu;

/**
 * The lines that continue a name: the person after a salutation printed on its own line ("Herrn" over
 * "Max Mustermann"), or the rest of a long company name wrapped before its legal form ("MVM Musterhafter"
 * over "Versicherungsverein Musterstadt a.G.").
 */
function nameContinuation(name: BlockLine, next: BlockLine | undefined): BlockLine[] {
  if (!next || next.key || postalLine(next.text) || /\d/u.test(next.text) || /[.!?:]$/u.test(name.text.trim())) return [];
  if (SALUTATION.test(name.text.trim())) return [next];
  if (!hasLegalForm(name.text) && LEGAL_FORM_AT_END.test(next.text)) return [next];
  return [];
}

function mergeParty(into: FoundParty | null, from: FoundParty): FoundParty {
  if (!into) return from;
  const merged: FoundParty = { ...from, ...Object.fromEntries(Object.entries(into).filter(([, v]) => v !== undefined)), lineIndexes: new Set([...into.lineIndexes, ...from.lineIndexes]) };
  return merged;
}
