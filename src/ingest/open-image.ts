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
  checkPixels(info, 1, info.pages, limits);
  if (info.pages > limits.maxPages) {
    throw new ServiceError('too_many_pages', `the image has ${info.pages} pages; at most ${limits.maxPages} are accepted`);
  }
  // Each TIFF page has its own size: a small first page says nothing of the next ones, and all are
  // decoded in turn, so every page's header is read before any page is.
  for (let page = 2; page <= info.pages; page++) checkPixels(await frameSize(bytes, page, mediaType), page, info.pages, limits);
  return info;
}

function checkPixels(size: { width: number; height: number }, page: number, pages: number, limits: IngestLimits): void {
  if (size.width * size.height <= limits.maxPixels) return;
  const which = pages > 1 ? `page ${page} of the image` : 'the image';
  throw new ServiceError('file_too_large', `${which} is ${size.width}×${size.height} pixels; at most ${limits.maxPixels} decoded pixels per page are accepted`);
}

/** The size in a page's header; nothing is decoded. */
async function frameSize(bytes: Uint8Array, page: number, mediaType: MediaType): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { page: page - 1, limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    return { width: meta.width, height: meta.height };
  } catch {
    throw undecodable(mediaType);
  }
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
