// Where the regions go on a page image. Region boxes are on 0..1000 of the page as it was read; when
// OCR cut a photo to its paper or turned a page to read it, that page lies on the pictured one as the
// server's x-page-view header says (src/pipeline/types.ts, PageView): a crop of it, turned clockwise.
// The regions are drawn in a layer of the turned crop's size, centred on the crop and turned back.

export interface PageView {
  crop: [number, number, number, number];
  rotation: number;
}

/** The layer's box and turn, in percent of the image as shown; natural size in pixels for the aspect. */
export function regionLayerStyle(view: PageView | null, naturalWidth: number, naturalHeight: number): Record<string, string> {
  if (!view || !naturalWidth || !naturalHeight) return { left: '0', top: '0', width: '100%', height: '100%' };
  const [x0, y0, x1, y1] = view.crop;
  const cropWidth = ((x1 - x0) / 1000) * naturalWidth;
  const cropHeight = ((y1 - y0) / 1000) * naturalHeight;
  const centreX = ((x0 + x1) / 2000) * naturalWidth;
  const centreY = ((y0 + y1) / 2000) * naturalHeight;
  const angle = (view.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  // The turned crop's canvas grows to hold its corners, as the server's turn did.
  const width = cropWidth * cos + cropHeight * sin;
  const height = cropWidth * sin + cropHeight * cos;
  const percent = (v: number) => `${v * 100}%`;
  return {
    left: percent((centreX - width / 2) / naturalWidth),
    top: percent((centreY - height / 2) / naturalHeight),
    width: percent(width / naturalWidth),
    height: percent(height / naturalHeight),
    transform: `rotate(${-view.rotation}deg)`,
  };
}

/** The header's value, or null when absent or malformed (then the regions go on the whole image). */
export function parsePageView(header: string | null): PageView | null {
  if (!header) return null;
  try {
    const view = JSON.parse(header) as PageView;
    return Array.isArray(view.crop) && view.crop.length === 4 && typeof view.rotation === 'number' ? view : null;
  } catch {
    return null;
  }
}
