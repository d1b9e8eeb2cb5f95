// Files into one zip archive (fflate), for the desk's download of many e-invoices at once.
import { zipSync } from 'fflate';

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

export function zipFiles(entries: readonly ZipEntry[], modified: Date): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(entries.map((entry) => [entry.name, [new Uint8Array(entry.bytes), { mtime: modified }]]))));
}
