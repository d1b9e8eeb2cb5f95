// The images of a HEIC file, decoded lazily by heic-decode (libheif in WASM). Importing heic-decode
// compiles its WASM, about 15 MB in every thread that imports it (measured in docs/engine.md), so it
// is imported on the first HEIC file rather than when the extraction thread starts.
import type decodeHeic from 'heic-decode';

export type HeicImages = Awaited<ReturnType<typeof decodeHeic.all>>;

/** The caller must dispose() the result: WASM memory is not garbage-collected. */
export async function openHeicImages(bytes: Uint8Array): Promise<HeicImages> {
  const { default: decode } = await import('heic-decode');
  return decode.all({ buffer: bytes });
}
