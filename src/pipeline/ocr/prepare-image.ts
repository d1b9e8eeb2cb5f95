// From the bytes of an image upload to grey pages ready for analysis: EXIF orientation applied (the
// page as the client saw it), HEIC decoded in WASM (sharp's prebuilt libvips has no HEVC), alpha
// laid on white, grey levels stretched. The size is left alone up to what OCR ever reads
// (MAX_OCR_PIXELS): read-page.ts picks the scale from the text size it measures. A larger image is
// decoded straight to that size, libvips shrinking it strip by strip, so its full-size pixels are
// never held: a 35 MP receipt scan held 35 MB of grey pixels, and two of them read at once were the
// bench's peak (docs/engine.md). Pages come one at a time, so a 100-page TIFF never holds more than
// one decoded page.
import sharp, { type Sharp } from 'sharp';
import { openHeicImages } from '../../ingest/heic-images.js';
import type { MediaType } from '../../ingest/media-type.js';
import { stretchContrast, toGray, type GrayImage } from './gray-image.js';
import { MAX_OCR_PIXELS } from './read-page.js';

export interface PreparedPage {
  page: number;
  image: GrayImage;
  /** Pixels of `image` per pixel of the image as uploaded: below 1 when it was decoded smaller. */
  unitsScale: number;
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
  const upright = input.rotate().flatten({ background: '#ffffff' });
  const { width, height, orientation } = await input.metadata();
  const pixels = (width ?? 0) * (height ?? 0);
  if (!width || !height || pixels <= MAX_OCR_PIXELS) return { page, image: stretchContrast(await toGray(upright)), unitsScale: 1 };
  // EXIF orientations 5–8 stand the image on its side: the upright page is height × width.
  const uprightWidth = orientation && orientation >= 5 ? height : width;
  const shrink = Math.sqrt(MAX_OCR_PIXELS / pixels);
  const image = stretchContrast(await toGray(upright.resize({ width: Math.max(1, Math.floor(uprightWidth * shrink)), kernel: 'lanczos3' })));
  return { page, image, unitsScale: image.width / uprightWidth };
}
