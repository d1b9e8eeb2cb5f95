// Finds the stored documents a new one duplicates and records the links, inside the transaction
// that stores the new document, so its response and its callback event already list them. The
// business's link lock makes concurrent saves take turns from the lookup to their commit.
import { hammingDistance } from '../pipeline/fingerprint/page-hash.js';
import { imageProbeKeys, parseImageValue } from './fingerprints.js';
import type { DuplicateReason } from '../schemas/document.schema.js';
import type { FingerprintRow } from '../storage/repositories/duplicates.repository.js';
import type { Store } from '../storage/store.js';

/** pHash bits that may differ for the same page re-encoded, rescaled or slightly cropped (the probe keys find up to 7). */
export const IMAGE_MATCH_BITS = 7;

const REASON_ORDER: readonly DuplicateReason[] = ['file', 'image', 'data'];

/** Links the new document with every match; returns how many documents it duplicates. */
export async function linkDuplicates(tx: Store, documentId: string, businessId: string, fingerprints: FingerprintRow[]): Promise<number> {
  await tx.duplicates.lockLinks(businessId);
  const matches = new Map<string, Set<DuplicateReason>>();
  const add = (id: string, reason: DuplicateReason) => matches.set(id, (matches.get(id) ?? new Set()).add(reason));
  const keysOf = (kind: FingerprintRow['kind']) => fingerprints.filter((f) => f.kind === kind);

  for (const found of await tx.duplicates.candidates(businessId, 'file', keysOf('file').map((f) => f.key), documentId)) add(found.document_id, 'file');

  const image = keysOf('image')[0];
  if (image) {
    const own = parseImageValue(image.value);
    for (const found of await tx.duplicates.candidates(businessId, 'image', imageProbeKeys(own.hash), documentId)) {
      const other = parseImageValue(found.value);
      const differ = (a: string, b: string) => a !== '' && b !== '' && a !== b;
      const contradicted = differ(own.number, other.number) || differ(own.total, other.total) || differ(own.vendor, other.vendor);
      if (!contradicted && hammingDistance(own.hash, other.hash) <= IMAGE_MATCH_BITS) add(found.document_id, 'image');
    }
  }

  const data = keysOf('data');
  for (const found of await tx.duplicates.candidates(businessId, 'data', data.map((f) => f.key), documentId)) {
    // A date key matches only when one of the two printed no number.
    const own = data.find((f) => f.key === found.key)!;
    if (found.key.startsWith('number|') || own.value === 'unnumbered' || found.value === 'unnumbered') add(found.document_id, 'data');
  }

  await tx.duplicates.insertFingerprints(fingerprints);
  for (const [id, reasons] of matches) await tx.duplicates.link(documentId, id, REASON_ORDER.filter((r) => reasons.has(r)).join(','));
  return matches.size;
}
