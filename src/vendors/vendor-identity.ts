// What a document says of who issued it, in the forms the directory stores and compares: identifiers
// compact and upper case, an email's domain lower case. Free-mail domains name no vendor.
import type { DocumentFields } from '../schemas/document-fields.schema.js';

export interface VendorIdentity {
  name: string | null;
  vatIds: string[];
  registryCodes: string[];
  ibans: string[];
  emailDomains: string[];
}

const FREE_MAIL = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com', 'gmx.de', 'gmx.net', 'web.de', 'mail.ru', 'yandex.ru', 'proton.me', 'protonmail.com', 'inbox.lv', 'mail.ee', 'wp.pl', 'o2.pl', 'example.com']);

export const compactId = (value: string): string => value.replace(/[\s.-]+/gu, '').toUpperCase();

export function identityOf(fields: DocumentFields): VendorIdentity {
  const vendor = fields.vendor ?? {};
  const domain = vendor.email?.split('@')[1]?.trim().toLowerCase();
  const some = (value: string | null | undefined) => (value?.trim() ? [compactId(value)] : []);
  return {
    name: vendor.name?.trim() || null,
    vatIds: some(vendor.vat_id),
    registryCodes: some(vendor.registry_code),
    ibans: [...new Set((fields.banks ?? []).flatMap((bank) => some(bank.iban)))],
    emailDomains: domain && !FREE_MAIL.has(domain) ? [domain] : [],
  };
}
