// Till receipts on 80 mm paper: shop header, items with or without a header row (one line each, or
// a quantity × price line under the name), totals, payment, VAT breakdown, a thank-you line. Laid
// out once on a Measurer to learn the paper length, then drawn.
import type { Layout } from './layout.js';
import type { DocumentModel } from './model.js';
import type { Surface } from './pdf-writer.js';
import { Printer, wrap } from './printing.js';

const MARGIN = 10;

export function renderReceipt(surface: Surface, model: DocumentModel, layout: Layout): Printer {
  const p = new Printer(model, layout);
  const size = layout.bodySize;
  const left = MARGIN;
  const right = surface.width - MARGIN;
  const centre = surface.width / 2;
  const lh = size + 3;
  let y = MARGIN + 4;
  const centred = (text: string, bold = false, grow = 0): void => {
    for (const part of wrap(text, right - left, (s) => surface.textWidth(s, size + grow, bold))) {
      surface.text(part, centre, y, { size: size + grow, bold, align: 'center' });
      y += lh + grow;
    }
  };
  const pair = (label: string, value: string, bold = false): void => {
    surface.text(label, left, y, { size, bold });
    surface.text(value, right, y, { size, bold, align: 'right' });
    y += lh;
  };
  const dashes = (): void => {
    surface.rule(left, y + 1, right, 0.5);
    y += 5;
  };

  const v = model.vendor;
  centred(v.name, true, 2);
  centred(v.street);
  centred(`${v.postalCode} ${v.city}`);
  p.mark('vendor.name', 'vendor.address', 'vendor.postal_code', 'vendor.city');
  if (v.registryCode) { centred(`${p.caption('registry_code')} ${v.registryCode}`); p.mark('vendor.registry_code'); }
  if (v.vatId) { centred(`${p.caption('vat_id')} ${v.vatId}`); p.mark('vendor.vat_id'); }
  if (v.phone && layout.customerContact) { centred(`${p.caption('phone')} ${v.phone}`); p.mark('vendor.phone'); }
  y += 4;
  centred(layout.titleText, true, 1);
  pair(`${p.caption('receipt_number')} ${model.number}`, `${p.date(model.issueDate)} ${layout.time}`);
  p.mark('document_number', 'issue_date');
  dashes();

  if (layout.receiptHeaders) {
    surface.text(layout.labels.description, left, y, { size, bold: true });
    surface.text(layout.labels.gross, right, y, { size, bold: true, align: 'right' });
    y += lh;
    if (layout.receiptItem === 'qty-line') {
      surface.text(`${layout.labels.quantity} × ${layout.labels.unit_price}`, left + 8, y, { size: size - 0.5, grey: true });
      y += lh;
    }
    dashes();
  }
  model.lines.forEach((line, i) => {
    const path = `line_items[${i}]`;
    const amount = p.money(line.amount);
    const qtyText = `${p.quantity(line.quantityMilli)}${line.unit === model.lexicon.units.kg ? ` ${line.unit}` : ''} x ${p.price(line.price, 2)}`;
    const showQuantity = layout.receiptItem === 'qty-line' || line.quantityMilli !== 1000;
    const qtyX = left + (right - left) * 0.52;
    // One line only when the quantity clears the amount; otherwise the quantity goes under the name.
    const oneLine = layout.receiptItem === 'one-line' && qtyX + surface.textWidth(qtyText, size) < right - surface.textWidth(amount, size) - 6;
    if (oneLine && showQuantity) {
      const name = wrap(line.description, (right - left) * 0.5, (s) => surface.textWidth(s, size));
      name.forEach((text, k) => surface.text(text, left, y + k * lh, { size }));
      surface.text(qtyText, qtyX, y, { size });
      surface.text(amount, right, y, { size, align: 'right' });
      y += name.length * lh;
    } else {
      const name = wrap(line.description, (right - left) * 0.7, (s) => surface.textWidth(s, size));
      name.forEach((text, k) => surface.text(text, left, y + k * lh, { size }));
      surface.text(amount, right, y, { size, align: 'right' });
      y += name.length * lh;
      if (showQuantity) {
        surface.text(qtyText, left + 8, y, { size: size - 0.5 });
        y += lh;
      }
    }
    p.mark(`${path}.description`, `${path}.total`);
    if (showQuantity) p.mark(`${path}.quantity`, `${path}.unit_price`);
  });
  dashes();

  if (layout.receiptNetLine) { pair(p.caption('subtotal'), p.money(model.subtotal)); p.mark('subtotal'); }
  pair(p.caption('vat'), p.money(model.vat));
  p.mark('vat_amount');
  if (model.rounding) { pair(p.caption('rounding'), p.money(model.rounding)); p.mark('rounding'); }
  surface.text(p.caption('total'), left, y, { size: size + 2, bold: true });
  surface.text(p.moneyWithCurrency(model.total), right, y, { size: size + 2, bold: true, align: 'right' });
  p.mark('total');
  y += lh + 4;

  const payment = model.payment!;
  if (payment.method === 'cash') {
    pair(p.caption('cash'), p.money(payment.tendered!));
    pair(p.caption('change'), p.money(payment.change!));
    p.mark('payment.method', 'payment.tendered', 'payment.change');
  } else {
    pair(`${p.caption('card')} **** ${payment.cardLast4}`, p.money(model.total));
    p.mark('payment.method', 'payment.card_last4', 'payment.amount');
  }
  dashes();

  const col = (right - left) / 4;
  [model.lexicon.labels.rate[0]!, layout.labels.net, layout.labels.vat, layout.labels.gross].forEach((h, k) =>
    surface.text(h, left + (k + 1) * col, y, { size: Math.min(size - 1, ((size - 1) * (col - 4)) / surface.textWidth(h, size - 1)), align: 'right', grey: true }));
  y += lh;
  model.groups.forEach((g, i) => {
    [p.rate(g.rate), p.money(g.net), p.money(g.vat), p.money(g.gross)].forEach((t, k) =>
      surface.text(t, left + (k + 1) * col, y, { size: size - 0.5, align: 'right' }));
    p.mark(`vat_rates[${i}].rate`, `vat_rates[${i}].net`, `vat_rates[${i}].vat`, `vat_rates[${i}].gross`);
    y += lh;
  });
  y += 6;
  centred(layout.thanks);
  return p;
}
