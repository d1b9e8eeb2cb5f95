// The words documents print before a value, in the languages the engine reads (en, et, de, fi, lv,
// lt, ru, fr, sv, pl, es, nl). Matching is on folded text (lower case, no accents), so "Kuupäev",
// "KUUPAEV" and "kuupaev" are one label. Each list runs from the most to the least specific label:
// an earlier label outranks a later one when both are on the page.

/** Lower case, accents removed, runs of white space as one space; keeps every character's position count. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 's')
    .replace(/ł/g, 'l');
}

export interface LabelSet {
  /** Regular expressions on folded text, most specific first. */
  labels: RegExp[];
  /** A cell that also matches one of these is about something else ("Total excl. VAT" is not the total). */
  not?: RegExp;
}

const b = '(?<![\\p{L}\\p{N}])';
const e = '(?![\\p{L}])';
const re = (source: string) => new RegExp(source.replace(/\\b</g, b).replace(/\\b>/g, e), 'u');
const list = (...sources: string[]) => sources.map(re);

const NUMBER = '(?:\\s*(?:no|nr|n°|n°|nº|number|num|numero|numer|nummer|#|n|№|id)\\.?\\s*:?)';

export const LABELS = {
  documentNumber: {
    labels: list(
      `\\b<(?:invoice|tax invoice|bill|receipt|credit note|document|statement)${NUMBER}`,
      `\\b<invoice number\\b>`,
      `rechnungs?(?:\\s*\\(\\d+\\))?(?:-|\\s)?(?:nr|nummer|no)\\b>\\.?`,
      `\\b<(?:rechnung|gutschrift|beleg|rechnungskorrektur)${NUMBER}`,
      `(?:gutschrifts|beleg)(?:-|\\s)?(?:nr|nummer)\\b>\\.?`,
      `\\b<(?:facture|avoir)\\s*(?:n°|no|nº|numero|number)\\.?`,
      `\\b<numero de (?:la )?facture\\b>`,
      `\\b<(?:arve|arve nr|arve number|lasku|laskun numero|lasku nro|rekina nr|rekins nr|saskaitos nr|saskaita nr|faktura nr|faktura vat nr|numer faktury|factura n|factuur(?:nummer| nr)|fakturanummer|счет №|счет-фактура №|счет n)\\b>\\.?`,
      `\\b<factuurnummer|fakturanr\\b>`,
      `\\b<(?:invoice|receipt|bill|doc|transaction|trans|check|chk|order|cash bill|tax invoice)\\s*(?:no|#|nr)\\.?\\s*:?`,
      `\\b<(?:inv|rcpt|bill)\\s*(?:no|#)\\.?`,
      // "Rechnung des Versicherers Nr.", "Gutschrift (Selbst ausgestellte Rechnung) Nr.": a title with a few words before its number.
      `\\b<(?:invoice|tax invoice|credit note|rechnung|gutschrift|facture|avoir|factuur)(?: (?:\\([^)]{1,40}\\)|[\\p{L}-]+)){1,3} (?:nr|no|n°|nº|number|nummer|numero|#)(?![\\p{L}])\\.?\\s*:?`,
      `\\b<(?:invoice|rechnung|facture|factuur|arve|lasku)\\b>`,
    ),
    not: re('\\b<(?:order|bestell|auftrag|customer|kunden|client|vat|ust|tax|steuer|date|datum|page|seite|account|konto|ref|vertrag|contract|angebot|quot|offer|liefer|delivery|project|projekt|polic|versicherungsschein|leasing|mandat)'),
  },
  issueDate: {
    labels: list(
      `\\b<(?:invoice|bill|billing|statement|receipt|document|issue|tax point) date\\b>`,
      `\\b<date (?:of (?:invoice|issue)|d'emission|de (?:la )?facture|facture)\\b>`,
      `(?:rechnungs|beleg|ausstellungs)datum\\b>`,
      `\\b<(?:arve kuupaev|kuupaev|paivays|laskun paivamaara|paivamaara|datums|rekina datums|data wystawienia|data|fecha(?: de (?:emision|factura))?|дата|factuurdatum|factuur datum|fakturadatum|datum|[\\p{L}.-]+(?: [\\p{L}.-]+){0,2}, (?:den|le))\\b>`,
      `\\b<(?:date|dated|dt)\\b>`,
    ),
    not: re('\\b<(?:due|falli|zahlbar|payment|echeance|associe|related|original|paiement|limite|referenz|reference|bezug|liefer|leistungs|delivery|service|period|order|bestell|tahtaeg|erapaiva|termin|vencimiento|verval|start|end|from|to|read|meter)'),
  },
  dueDate: {
    labels: list(
      `\\b<(?:due date|payment due(?: date)?|date due|due by|pay by|payable by|due)\\b>`,
      `(?:falligkeit(?:sdatum)?|zahlungsziel|zahlbar(?: innerhalb \\d+ tagen(?: netto)?)? (?:bis|am)|fallig (?:am|bis)?)\\b>`,
      `\\b<(?:date d'echeance|date limite(?: de paiement)?|echeance|a payer avant le|maksetahtaeg|tasuda hiljemalt|tahtaeg|erapaiva|apmaksas termins|apmaksat lidz|apmokėti iki|apmoketi iki|termin platnosci|fecha de vencimiento|vencimiento|срок оплаты|vervaldatum|forfallodatum|forfallodag)\\b>`,
    ),
  },
  total: {
    labels: list(
      // "Total incl. VAT", "TOTAL (GST INCL)", "Total Due (GST inc.)", "Total inclusive GST"; not "TOTAL INCLUDES 6% GST 1.07", which gives the tax.
      `\\b<(?:grand total|total amount|invoice total|total invoice amount|total(?: due| sales| amount)? ?[(<[]?(?:(?:vat|tax|gst|sst) )?(?:incl?|inclusive)\\b>|total including (?:vat|tax|gst)|total sales \\(inclusive|total payable|total ttc|montant ttc|total t\\.t\\.c|amount incl)`,
      `(?:gesamtbetrag|rechnungsbetrag|bruttobetrag|endbetrag|gesamtsumme|rechnungssumme|bruttosumme|summe brutto|gesamt brutto|brutto gesamt)\\b>`,
      `\\b<(?:summa kokku|kokku tasuda|arve summa|kokku|yhteensa|kopa|kopsumma|is viso|razem|suma|итого|всего|factuur totaal|totaal|totalt|summa|importe total|total factura|total facture|summe gesamt|gesamt|summe|endsumme)\\b>`,
      // Bills: the charges of this period, as opposed to the balance carried from the last bill.
      `\\b<(?:total )?(?:new|current) charges\\b>`,
      `\\b<(?:total|rounded total|total rounded|nett total|net total|amount)\\b>`,
    ),
    not: re('\\b<(?:sub|zwischen|netto|net|carried|brought|ubertrag|vortrag|excl|exkl|ohne|ht|hors|before|pre|qty|quantity|items?|discount|rabatt|savings|saved|tax|vat|mwst|ust|gst|sst|steuer|tva|alv|km|pvn|pvm|btw|iva|ндс|bez|veroton|neto|paid|tendered|change|payment|points|weight|due|balance)'),
  },
  subtotal: {
    labels: list(
      `\\b<(?:sub[- ]?total|total excl\\.?(?: vat| tax| gst)?|total excluding|total before tax|total net|net total|net amount|amount excl|total ht|montant ht|total hors taxes|total h\\.t)`,
      `(?:nettobetrag|nettosumme|summe netto|summe ohne (?:ust|mwst|umsatzsteuer)|gesamt netto|netto gesamt|warenwert|zwischensumme|rechnungsbetrag netto|gesamtbetrag netto)\\b>`,
      `\\b<(?:summa km-ta|summa kaibemaksuta|kokku km-ta|veroton(?: yhteensa)?|summa bez pvn|suma be pvm|razem netto|wartosc netto|base imponible|subtotaal|totaal excl|netto|summa exkl)\\b>`,
    ),
  },
  vatAmount: {
    labels: list(
      `\\b<(?:total (?:vat|tax|gst|sst)|vat amount|tax amount|gst amount|sales tax|vat total|total tax amount)\\b>`,
      `\\b<(?:umsatzsteuer|mehrwertsteuer|mwst\\.?|ust\\.?|steuerbetrag|summe ust|montant tva|total tva|tva|kaibemaks|km|arvonlisavero|alv|pvn|pvm|podatek vat|kwota vat|iva|ндс|btw(?: bedrag)?|moms|gst|sst|vat|tax)\\b>`,
    ),
    not: re('\\b<(?:incl|inkl|excl|exkl|ohne|ttc|ht|id|nr|no|number|reg|nummer|identif|code|rate|satz|%|basis|grundlage|inclusive)'),
  },
  amountDue: {
    labels: list(
      `\\b<(?:amount due|balance due|total due|amount to pay|amount payable|total amount due|please pay|pay this amount|total balance due|new balance|amount now due)\\b>`,
      `(?:zahlbetrag|zu zahlen(?:der betrag)?|offener betrag|restbetrag|noch zu zahlen)\\b>`,
      `\\b<(?:net a payer|reste a payer|montant a payer|somme a payer|montant du|tasuda|tasumisele kuulub|maksettava|yhteensa maksettava|apmaksai|moketi|do zaplaty|a pagar|total a pagar|te betalen|att betala|к оплате)\\b>`,
    ),
  },
  rounding: {
    labels: list(`\\b<(?:rounding(?: adj(?:ustment)?)?|rundung|rundungsbetrag|arrondi|umardus|pyoristys|noapalosana|apvalinimas|zaokraglenie|redondeo|afronding|öresavrundning|oresavrundning)\\b>`),
  },
  previousBalance: {
    labels: list(
      `\\b<(?:previous (?:account |statement )?balance|prior balance|last bill amount|amount of last bill|previous amount due|balance (?:of|from) (?:your )?last bill|vorheriger saldo|eelmine saldo)\\b>`,
      // "Balance forward" is as often what remains after the payments as what was owed before them.
      `\\b<(?:balance forward|balance brought forward|saldo vortrag)\\b>`,
    ),
  },
  paymentsCredits: {
    labels: list(`\\b<(?:payments?(?: received)?(?:\\s*(?:and|&|/)\\s*)?(?:credits|adjustments)?|total payments|payment received|thank you for your payment|zahlungseingang|gutschriften|erhaltene anzahlungen?|anzahlungen?|prepaid amount|already paid|paid amount|acomptes?|deja paye|ettemaks)\\b>`),
    not: re('\\b<(?:due|method|terms|address|stub|options|coupon)'),
  },
  accountNumber: {
    labels: list(`\\b<(?:account (?:number|no\\.?|#)|acct\\.? ?(?:no|#|number)\\.?|customer (?:number|no\\.?|account)|kundennummer|kunden-nr\\.?|kundennr\\.?|numero client|n° client|kliendi nr|asiakasnumero|klienta nr|kliento nr|numer klienta|nº cliente|лицевой счет)\\b>`, `\\b<account\\b>`),
    not: re('\\b<(?:iban|bank|summary|balance|name)'),
  },
  serviceAddress: {
    labels: list(`\\b<(?:service address|service location|premises address|supply address|lieferanschrift|leveringsadres)\\b>`),
  },
  iban: { labels: list(`\\b<iban\\b>`) },
  bic: { labels: list(`\\b<(?:bic|swift|swift/bic|bic/swift|swift code|bic code)\\b>`) },
  bankName: { labels: list(`\\b<(?:bank name|bank|kreditinstitut|bankverbindung|banque|pank|pankki|banka|bankas|bank\\.?)\\b>`) },
  vatId: {
    labels: list(`\\b<(?:vat (?:reg(?:istration)?\\.? )?(?:no|number|id|nr)\\.?|ust\\.?-?id\\.?-?nr\\.?|ust\\.?-?identnr\\.?|ust-?idnr|umsatzsteuer-?id(?:entifikationsnummer)?|tva intracom(?:munautaire)?|n° tva|kmkr(?: nr)?|alv-?numero|pvn (?:reg\\. )?nr|pvm kodas|nip|nif|cif|btw(?:-| )?(?:nummer|nr)|gst (?:reg\\.? )?(?:no|id)|sst (?:reg\\.? )?no|vat id)\\b>`),
  },
  registryCode: {
    labels: list(`\\b<(?:registry code|reg(?:istration)?\\.? (?:no|number|code)|company (?:no|number|reg)|handelsregister(?:nummer)?|hrb|hra|registrikood|reg\\.? ?kood|y-tunnus|registracijas nr|imones kodas|krs|regon|siren|siret|rcs|kvk|org\\.? ?nr|organisationsnummer|cin|co\\.? reg\\.? no|roc no)\\b>`),
  },
  vendorBlock: {
    labels: list(`\\b<(?:seller|supplier|vendor|from|sold by|issued by|verkaufer|lieferant|rechnungssteller|rechnungsersteller|absender|vendeur|fournisseur|emetteur|muuja|myyja|pardevejs|pardavejas|sprzedawca|vendedor|emisor|продавец|поставщик|leverancier|saljare)\\b>\\s*:?`),
  },
  customerName: {
    labels: list(`\\b<(?:customer|client|account|buyer|recipient) name\\b>|\\b<(?:kundenname|name des kunden|nom du client|nom client|kliendi nimi|asiakkaan nimi|nombre del cliente|klantnaam)\\b>`),
  },
  vendorName: {
    labels: list(`\\b<(?:(?:make )?(?:checks?|cheques?|payments?) (?:made )?payable to|(?:make )?payable to|remit to|vendor name|supplier name|seller name)\\b>`),
  },
  customerBlock: {
    labels: list(
      `\\b<(?:adresse (?:du |de )?client|bill to|billed to|invoice to|invoiced to|sold to|customer|buyer|client|recipient|kaufer|rechnungsempfanger|leistungsempfanger|rechnungsadresse|kunde|empfanger|acheteur|destinataire|adresse de facturation|ostja|saaja|maksja|ostaja|ostaja andmed|asiakas|pircejs|sanemejs|pirkejas|gavejas|nabywca|odbiorca|cliente|comprador|покупатель|плательщик|factuuradres|klant|kund|kopare|mottagare)\\b>\\s*:?`,
    ),
    not: re('\\b<(?:number|no|nr|nummer|id|reference|ref|code|account|vat|ust|service|copy|signature|gln)'),
  },
} satisfies Record<string, LabelSet>;

export type LabelName = keyof typeof LABELS;
