// Reads an image's frame count and size without decoding its pixels, and refuses images whose
// decoded size would be absurd before anything allocates memory for them.
import sharp from 'sharp';
import { ServiceError } from '../errors.js';
import { openHeicImages } from './heic-images.js';
import type { IngestLimits } from './limits.js';
import type { MediaType } from './media-type.js';

export interface ImageInfo {
  pages: number;
  width: number;
  height: number;
}

export async function inspectImage(bytes: Uint8Array, mediaType: MediaType, limits: IngestLimits): Promise<ImageInfo> {
  const info = mediaType === 'image/heic' ? await inspectHeic(bytes) : await inspectWithSharp(bytes, mediaType);
  if (info.width * info.height > limits.maxPixels) {
    throw new ServiceError(
      'file_too_large',
      `the image is ${info.width}×${info.height} pixels; at most ${limits.maxPixels} decoded pixels per page are accepted`,
    );
  }
  if (info.pages > limits.maxPages) {
    throw new ServiceError('too_many_pages', `the image has ${info.pages} pages; at most ${limits.maxPages} are accepted`);
  }
  return info;
}

async function inspectWithSharp(bytes: Uint8Array, mediaType: MediaType): Promise<ImageInfo> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // Only TIFF pages are document pages; the frames of an animated GIF or WebP are not.
    const pages = mediaType === 'image/tiff' ? (meta.pages ?? 1) : 1;
    return { pages, width: meta.width, height: meta.height };
  } catch {
    throw undecodable(mediaType);
  }
}

async function inspectHeic(bytes: Uint8Array): Promise<ImageInfo> {
  try {
    const images = await openHeicImages(bytes);
    try {
      const first = images[0];
      if (!first) throw new Error('no images');
      // A HEIC container may hold bursts or depth maps; only the primary image is the page.
      return { pages: 1, width: first.width, height: first.height };
    } finally {
      images.dispose(); // WASM memory is not garbage-collected
    }
  } catch {
    throw undecodable('image/heic');
  }
}

const undecodable = (mediaType: MediaType) =>
  new ServiceError('unsupported_media_type', `the file looks like ${mediaType} but cannot be decoded`);
