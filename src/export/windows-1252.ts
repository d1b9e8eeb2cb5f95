// Text to Windows-1252 bytes, the character set every DATEV import path reads (UTF-8 only with a
// byte-order mark, and not in all of them). Latin-1 is the same below 0x80 and from 0xA0; 0x80 to
// 0x9F hold the euro sign, typographic quotes and the Central European letters below. A character
// the set lacks becomes "?", as Windows itself writes it.
const HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a,
  '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
  '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

export function encodeWindows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(HIGH[char] ?? 0x3f);
  }
  return Buffer.from(bytes);
}
