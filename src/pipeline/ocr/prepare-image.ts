// From the bytes of an image upload to grey pages ready for analysis: EXIF orientation applied (the
// page as the client saw it), HEIC decoded in WASM (sharp's prebuilt libvips has no HEVC), alpha
// laid on white, grey levels stretched. The size is left alone: read-page.ts picks the scale from
// the text size it measures. Pages come one at a time, so a 100-page TIFF never holds more than one
// decoded page.
import sharp, { type Sharp } from 'sharp';
import { openHeicImages } from '../../ingest/heic-images.js';
import type { MediaType } from '../../ingest/media-type.js';
import { stretchContrast, toGray, type GrayImage } from './gray-image.js';

export interface PreparedPage {
  page: number;
  image: GrayImage;
}

export async function* prepareImagePages(bytes: Uint8Array, mediaType: MediaType): AsyncGenerator<PreparedPage> {
  if (mediaType === 'image/heic') {
    yield await preparePage(await heicPipeline(bytes), 1);
    return;
  }
  // Only TIFF pages are document pages; the frames of an animated GIF or WebP are not.
  const pages = mediaType === 'image/tiff' ? ((await sharp(bytes).metadata()).pages ?? 1) : 1;
  for (let page = 0; page < pages; page++) {
    yield await preparePage(sharp(bytes, { page }), page + 1);
  }
}

export async function heicPipeline(bytes: Uint8Array): Promise<Sharp> {
  const images = await openHeicImages(bytes);
  try {
    // A HEIC container may hold bursts or depth maps; the primary image is the page. libheif has
    // already applied the container's rotation and mirroring.
    const primary = images[0];
    if (!primary) throw new Error('the HEIC file holds no image');
    const { width, height, data } = await primary.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose(); // WASM memory is not garbage-collected
  }
}

async function preparePage(input: Sharp, page: number): Promise<PreparedPage> {
  // rotate() with no angle applies the EXIF orientation: the pixels are the page as the client saw it.
  return { page, image: stretchContrast(await toGray(input.rotate().flatten({ background: '#ffffff' }))) };
}
