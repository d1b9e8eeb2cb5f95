// Email addresses as the channel compares them: trimmed and lower-cased (local parts are
// case-sensitive in theory, never in practice), and the inbound address of a business, whose local
// part is a random token so that nobody can mail a business without being given its address.

const MAX_ADDRESS_LENGTH = 254;

/** The address in the form it is stored and compared in, or null when it is not a plain mailbox address. */
export function normaliseAddress(text: string | null | undefined): string | null {
  const address = (text ?? '').trim().toLowerCase();
  if (!address || address.length > MAX_ADDRESS_LENGTH) return null;
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return null;
  if (/[\s<>()[\],;:"\\]/.test(address.slice(at)) || /[\s<>]/.test(address)) return null;
  return address;
}

export function inboundAddress(token: string, domain: string): string {
  return `${token}@${domain}`;
}

/** The token of an inbound address on our domain, or null for any other address. */
export function inboundToken(recipient: string, domain: string): string | null {
  const address = normaliseAddress(recipient);
  if (!address) return null;
  const at = address.lastIndexOf('@');
  if (address.slice(at + 1) !== domain.toLowerCase()) return null;
  const token = address.slice(0, at);
  return /^[0-9a-z]{1,64}$/.test(token) ? token : null;
}
