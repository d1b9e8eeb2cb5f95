// Drawing on PDF pages with a text layer (pdf-lib): text in top-left coordinates, measured with the
// embedded font, plus rules and boxes. Creation dates, producer and font subset names are fixed so
// a seed gives the same bytes every time.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FontFamily } from './fonts.js';

export type Align = 'left' | 'right' | 'center';

export interface TextStyle {
  size: number;
  bold?: boolean;
  align?: Align;
  grey?: boolean;
}

/** What a layout draws on: the PDF writer, or a measurer that only follows the pen (receipt heights). */
export interface Surface {
  readonly width: number;
  readonly height: number;
  textWidth(text: string, size: number, bold?: boolean): number;
  text(text: string, x: number, top: number, style: TextStyle): void;
  rule(x0: number, y: number, x1: number, weight?: number): void;
  box(x: number, top: number, width: number, height: number): void;
  newPage(): void;
  /** Back to an earlier page (0-based), for footers that need the page count. */
  goToPage(index: number): void;
  readonly pageCount: number;
}

const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));
/** Closest a line of text may come to the paper's edge, in points. */
const EDGE = 4;

export class PdfWriter implements Surface {
  private page!: PDFPage;
  private pages = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    readonly width: number,
    readonly height: number,
  ) {
    this.newPage();
  }

  static async create(family: FontFamily, width: number, height: number): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    doc.setCreationDate(FIXED_DATE);
    doc.setModificationDate(FIXED_DATE);
    doc.setProducer('ledgerlens synth');
    doc.setCreator('ledgerlens synth');
    const regular = await doc.embedFont(family.regular, { subset: true, customName: `AAAAAA+${family.name}` });
    const bold = await doc.embedFont(family.bold, { subset: true, customName: `AAAAAB+${family.name}-Bold` });
    return new PdfWriter(doc, regular, bold, width, height);
  }

  get pageCount(): number {
    return this.pages;
  }

  newPage(): void {
    this.page = this.doc.addPage([this.width, this.height]);
    this.pages++;
  }

  goToPage(index: number): void {
    this.page = this.doc.getPage(index);
  }

  textWidth(text: string, size: number, bold = false): number {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size);
  }

  text(text: string, x: number, top: number, style: TextStyle): void {
    if (!text) return;
    // A line that would run off the paper is set smaller instead: labels promise it is printed.
    const room = style.align === 'right' ? x - EDGE : style.align === 'center' ? 2 * Math.min(x - EDGE, this.width - EDGE - x) : this.width - EDGE - x;
    const natural = this.textWidth(text, style.size, style.bold);
    const size = natural > room ? (style.size * room) / natural : style.size;
    const width = this.textWidth(text, size, style.bold);
    const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    this.page.drawText(text, {
      x: left,
      y: this.height - top - style.size * 0.8,
      size,
      font: style.bold ? this.bold : this.regular,
      color: style.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0),
    });
  }

  rule(x0: number, y: number, x1: number, weight = 0.6): void {
    this.page.drawLine({ start: { x: x0, y: this.height - y }, end: { x: x1, y: this.height - y }, thickness: weight, color: rgb(0.2, 0.2, 0.2) });
  }

  box(x: number, top: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y: this.height - top - height, width, height, borderColor: rgb(0.3, 0.3, 0.3), borderWidth: 0.6 });
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}

/** Follows the pen without drawing: lays a receipt out once to learn how long its paper is. */
export class Measurer implements Surface {
  pageCount = 1;
  lowest = 0;

  constructor(private readonly writerLike: Pick<Surface, 'textWidth'>, readonly width: number, readonly height: number) {}

  textWidth(text: string, size: number, bold?: boolean): number {
    return this.writerLike.textWidth(text, size, bold);
  }

  text(_text: string, _x: number, top: number, style: TextStyle): void {
    this.lowest = Math.max(this.lowest, top + style.size * 1.2);
  }

  rule(_x0: number, y: number): void {
    this.lowest = Math.max(this.lowest, y);
  }

  box(_x: number, top: number, _w: number, height: number): void {
    this.lowest = Math.max(this.lowest, top + height);
  }

  newPage(): void {
    this.pageCount++;
  }

  goToPage(): void {}
}
