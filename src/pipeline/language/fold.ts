// The one form every word matcher of the engine compares: lower case, accents removed, so "Kuupäev",
// "KUUPAEV" and "kuupaev" are one word. Lexicon phrases are written in this form.

/** Lower case, accents removed, "ß" as "s" and "ł" as "l"; keeps every character's position count. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 's')
    .replace(/ł/g, 'l');
}
