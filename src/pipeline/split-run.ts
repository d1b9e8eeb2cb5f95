// A run of text (a PDF text item, an OCR line) gives one box for all its characters; its words get
// boxes in proportion to their characters, which is close enough for regions and column detection.

export interface WordSpan {
  text: string;
  x0: number;
  x1: number;
}

/** The words of `text` laid out from `left`, each character `perChar` wide, in the caller's units. */
export function splitRun(text: string, left: number, perChar: number): WordSpan[] {
  return [...text.matchAll(/\S+/gu)].map((match) => {
    const x0 = left + match.index * perChar;
    return { text: match[0], x0, x1: x0 + match[0].length * perChar };
  });
}
