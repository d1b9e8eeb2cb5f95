// DocumentFields: what the extraction engine returns for one document, exactly as the spec lists it.
// These schemas validate engine output, type the pipeline code and generate the OpenAPI document.
import { Type, type Static } from 'typebox';
import { CalendarDate, Nullable } from './common.schema.js';

const Str = (description?: string) => Nullable(Type.String(), description ? { description } : {});
const Num = (description?: string) => Nullable(Type.Number(), description ? { description } : {});

export const Party = Type.Object(
  {
    name: Type.Optional(Str()),
    registry_code: Type.Optional(Str('Company registry or organisation number')),
    vat_id: Type.Optional(Str('VAT identification number, validated by its country checksum where one exists')),
    address: Type.Optional(Str('Street part of the address')),
    document_address: Type.Optional(Str('The whole address as printed')),
    postal_code: Type.Optional(Str()),
    city: Type.Optional(Str()),
    county: Type.Optional(Str()),
    country: Type.Optional(Str('ISO 3166-1 alpha-2')),
    email: Type.Optional(Str()),
    phone: Type.Optional(Str()),
  },
  { additionalProperties: false, title: 'Party' },
);
export type Party = Static<typeof Party>;

export const LineItem = Type.Object(
  {
    description: Type.Optional(Str()),
    code: Type.Optional(Str('Item or service code; distinct from barcode identifiers')),
    ean: Type.Optional(Str('Barcode identifier when present; leading zeros preserved')),
    quantity: Type.Optional(Num()),
    unit: Type.Optional(Str()),
    unit_price: Type.Optional(Num('Gross unit price before line discounts; may retain more precision than currency totals')),
    net_unit_price: Type.Optional(Num('Net unit price before line discounts; printed unit prices preserved')),
    discount_percent: Type.Optional(Num('Percentage points: 20 means 20%')),
    discount_amount: Type.Optional(Num('Line discount when available; derived net discounts are expressed before tax')),
    subtotal: Type.Optional(Num('Net line amount after line discounts')),
    vat_rate: Type.Optional(Num('Percentage points: 20 means 20%; null when unknown or ambiguous')),
    vat_amount: Type.Optional(Num('Line tax in document currency; may include a minor-unit adjustment to match a printed tax-group total')),
    total: Type.Optional(Num('Gross line amount after line discounts')),
    amount: Type.Optional(Num('Deprecated. Always equals total, including null. Prefer subtotal and total.')),
  },
  { additionalProperties: false, title: 'LineItem' },
);
export type LineItem = Static<typeof LineItem>;

export const VatRate = Type.Object(
  { rate: Num('Percentage points; null when unknown or ambiguous'), net: Num(), vat: Num(), gross: Num() },
  { additionalProperties: false, title: 'VatRate' },
);

export const Bank = Type.Object(
  { name: Str(), iban: Str(), swift_bic: Str() },
  { additionalProperties: false, title: 'Bank' },
);

export const Consumption = Type.Object(
  { unit: Str(), value: Num() },
  { additionalProperties: false, title: 'Consumption' },
);

export const Payment = Type.Object(
  {
    method: Type.Optional(Nullable(Type.Enum(['card', 'cash', 'transfer', 'other']))),
    card_number: Type.Optional(Str('Card number as printed, masked')),
    card_last4: Type.Optional(Str()),
    auth_code: Type.Optional(Str()),
    reference: Type.Optional(Str()),
    receipt_number: Type.Optional(Str('Printed card-payment or terminal receipt number; distinct from the sales document number and bank reference')),
    amount: Type.Optional(Num('Payment applied; for cash with returned change, tendered minus change')),
    tendered: Type.Optional(Num('Printed cash handed over, before change')),
    change: Type.Optional(Num('Printed cash returned')),
  },
  { additionalProperties: false, title: 'Payment' },
);

/** The `extraction` member. Only line_items is required; everything else is optional and nullable. */
export const DocumentFields = Type.Object(
  {
    document_number: Type.Optional(Str('Invoice, receipt or bill number as printed')),
    issue_date: Type.Optional(Nullable(CalendarDate('Issue date, YYYY-MM-DD. Fields flagged uncertain should be reviewed.'))),
    due_date: Type.Optional(Nullable(CalendarDate('Payment due date, ISO 8601 date'))),
    currency: Type.Optional(Str('ISO 4217 code')),
    subtotal: Type.Optional(Num('Net of VAT')),
    vat_amount: Type.Optional(Num('Total VAT')),
    rounding: Type.Optional(Num('Rounding adjustment applied to reach the total')),
    total: Type.Optional(Num('Gross amount printed')),
    amount_due: Type.Optional(Num('Unpaid balance')),
    vat_rates: Type.Optional(Nullable(Type.Array(VatRate), { description: 'VAT grouped by percentage' })),
    vendor: Type.Optional(Nullable(Party, { description: 'Issuing party' })),
    customer: Type.Optional(Nullable(Party, { description: 'Billed party' })),
    line_items: Type.Array(LineItem, { description: 'Line items in printed order' }),
    banks: Type.Optional(Nullable(Type.Array(Bank), { description: 'Every bank printed for payment' })),
    account_number: Type.Optional(Str('Customer account number')),
    previous_balance: Type.Optional(Num('Balance carried forward')),
    payments_credits: Type.Optional(Num('Payments and credits applied')),
    service_address: Type.Optional(Str('Address where a utility or telecom service is supplied')),
    consumption: Type.Optional(Nullable(Consumption, { description: 'Metered consumption on utility and telecom bills' })),
    payment: Type.Optional(Nullable(Payment, { description: 'Card or cash payment details, when printed' })),
  },
  { additionalProperties: false, title: 'DocumentFields' },
);
export type DocumentFields = Static<typeof DocumentFields>;
