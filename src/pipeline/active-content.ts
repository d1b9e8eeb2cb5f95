// PDFs may carry JavaScript and embedded files. Neither is ever run or opened here (pdfjs is used
// with eval off and no scripting), but the client is told they were there and ignored, so a
// document that relied on them is not silently read differently from how it displays elsewhere.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** An `active_content_ignored` warning naming the scripts and attachments found, or none. */
export async function activeContentWarnings(pdf: PDFDocumentProxy, usedAttachment?: string): Promise<string[]> {
  const found: string[] = [];
  if ((await safely(() => pdf.getJSActions())) || hasJavaScript(await safely(() => pdf.getOpenAction()))) found.push('JavaScript');
  const attachments = (await safely(() => pdf.getAttachments())) as Record<string, { filename?: unknown }> | null;
  const names = Object.entries(attachments ?? {})
    .map(([key, a]) => (typeof a?.filename === 'string' && a.filename ? a.filename : key))
    .filter((name) => name !== usedAttachment);
  if (names.length) found.push(`embedded files (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''})`);
  return found.length ? [`active_content_ignored: ${found.join(' and ')} in the PDF ignored, never run or opened`] : [];
}

function hasJavaScript(openAction: unknown): boolean {
  return typeof openAction === 'object' && openAction !== null && 'action' in openAction && /javascript/i.test(String((openAction as { action: unknown }).action));
}

/** A damaged catalog must not fail a document whose pages were read. */
async function safely<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}
