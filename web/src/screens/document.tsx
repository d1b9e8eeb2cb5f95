// One document: its page image with the field regions drawn over it, the fields with status and
// confidence (review fields highlighted), duplicates, warnings, raw text and a JSON download.
import { useEffect, useState } from 'preact/hooks';
import { call, pageImage } from '../api.js';
import { errorText, formatDate, formatPercent } from '../format.js';
import { regionLayerStyle, type PageView } from '../page-view.js';
import { documentHref } from '../route.js';
import type { DocumentDetail } from '../types.js';

/** The value at a field path such as vendor.name or line_items[0].subtotal. */
export function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const part of path.split(/\.|\[(\d+)\]/).filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const show = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function DocumentScreen({ id }: { id: string }) {
  const [document, setDocument] = useState<DocumentDetail | null>(null);
  const [page, setPage] = useState(1);
  const [image, setImage] = useState('');
  const [view, setView] = useState<PageView | null>(null);
  const [natural, setNatural] = useState({ width: 0, height: 0 });
  const [focus, setFocus] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    call<DocumentDetail>('GET', `/business/documents/${encodeURIComponent(id)}`).then(setDocument, (e: unknown) => setError(errorText(e)));
  }, [id]);

  useEffect(() => {
    if (!document || document.pages < 1) return;
    let url = '';
    pageImage(document.id, page).then(
      (loaded) => {
        setView(loaded.view);
        setImage((url = loaded.url));
      },
      (e: unknown) => setError(errorText(e)),
    );
    return () => url && URL.revokeObjectURL(url);
  }, [document, page]);

  if (error) return <p class="error">{error}</p>;
  if (!document) return <p>Loading…</p>;

  const paths = Object.keys(document.field_status);
  const review = new Set(document.review_fields);
  const regions = Object.entries(document.regions ?? {}).filter(([, region]) => region.page === page);

  function download() {
    const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
    const link = Object.assign(window.document.createElement('a'), { href: URL.createObjectURL(blob), download: `${document!.id}.json` });
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <section class="document">
      <div class="row spread">
        <div>
          <a href="#/documents">← Documents</a>
          <h2>{document.filename}</h2>
          <p class="muted">
            {document.content_type}, {document.pages} page{document.pages === 1 ? '' : 's'}, received {formatDate(document.created_at)}, confidence{' '}
            {formatPercent(document.confidence)}
            {document.review_fields.length > 0 && <span class="badge review"> {document.review_fields.length} to review</span>}
          </p>
        </div>
        <button type="button" onClick={download}>
          Download JSON
        </button>
      </div>
      {document.duplicates && document.duplicates.length > 0 && (
        <p class="card duplicates">
          Possible duplicate of{' '}
          {document.duplicates.map((d) => (
            <a key={d.id} href={documentHref(d.id)} class="badge duplicate">
              {d.filename} ({d.reasons.join(', ')})
            </a>
          ))}
        </p>
      )}
      {document.warnings.length > 0 && (
        <ul class="warnings">
          {document.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div class="document-body">
        <div class="page-view">
          {document.pages > 1 && (
            <div class="row pager">
              <button type="button" class="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                ‹
              </button>
              <span>
                Page {page} of {document.pages}
              </span>
              <button type="button" class="secondary" disabled={page >= document.pages} onClick={() => setPage(page + 1)}>
                ›
              </button>
            </div>
          )}
          <div class="page">
            {image && (
              <img
                src={image}
                alt={`Page ${page}`}
                onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
              />
            )}
            {/* The page as read, over the image as pictured (page-view.ts); regions are on 0..1000 of it. */}
            <div class="region-layer" style={regionLayerStyle(view, natural.width, natural.height)}>
              {regions.map(([path, region]) => {
                // The schema fixes four members (minItems = maxItems = 4); the defaults only satisfy the type.
                const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = region.box;
                return (
                  <div
                    key={path}
                    class={`region ${/^line_items\[\d+\]$/u.test(path) ? 'item' : ''} ${review.has(path) ? 'review' : ''} ${focus === path ? 'focus' : ''}`}
                    data-field={path}
                    title={path}
                    style={{ left: `${x0 / 10}%`, top: `${y0 / 10}%`, width: `${(x1 - x0) / 10}%`, height: `${(y1 - y0) / 10}%` }}
                    onMouseEnter={() => setFocus(path)}
                    onMouseLeave={() => setFocus('')}
                  />
                );
              })}
            </div>
          </div>
        </div>
        <div class="fields">
          <table>
            <thead>
              <tr>
                <th>Field</th>
                <th>Value</th>
                <th>Status</th>
                <th>Confidence</th>
              </tr>
            </thead>
            <tbody>
              {paths.map((path) => {
                const region = document.regions?.[path];
                return (
                  <tr
                    key={path}
                    class={`${review.has(path) ? 'review' : ''} ${focus === path ? 'focus' : ''}`}
                    onMouseEnter={() => setFocus(path)}
                    onMouseLeave={() => setFocus('')}
                    onClick={() => region && setPage(region.page)}
                  >
                    <td>
                      <code>{path}</code>
                    </td>
                    <td>{show(valueAt(document.extraction, path))}</td>
                    <td>
                      <span class={`badge ${document.field_status[path]!.status}`}>{document.field_status[path]!.status}</span>
                    </td>
                    <td>{formatPercent(document.field_confidence[path])}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {document.raw_text !== undefined && (
            <details>
              <summary>Raw text</summary>
              <pre class="raw-text">{document.raw_text}</pre>
            </details>
          )}
        </div>
      </div>
    </section>
  );
}
