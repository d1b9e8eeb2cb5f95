// One document on the review desk: its page image with the field regions drawn over it; its fields
// in groups with human labels, those to review first, each editable (Enter saves, or confirms a value
// as read, and moves to the next field to review), or filled by clicking the page's words; approval;
// duplicates, warnings, raw text and a JSON download.
import { useEffect, useRef, useState } from 'preact/hooks';
import { call, download, pageImage } from '../api.js';
import { fieldLabel, groupFields } from '../field-labels.js';
import { errorText, formatDate, formatPercent } from '../format.js';
import { regionLayerStyle, type PageView } from '../page-view.js';
import { documentHref } from '../route.js';
import type { DocumentDetail, DocumentReview, PageWordList } from '../types.js';

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
/** A line item's members in the order a bookkeeper reads them (`amount` is the deprecated copy of `total`). */
const ITEM_MEMBERS = ['description', 'code', 'ean', 'quantity', 'unit', 'unit_price', 'net_unit_price', 'discount_percent', 'discount_amount', 'subtotal', 'vat_rate', 'vat_amount', 'total'];
const editable = (value: unknown) => value === undefined || value === null || typeof value !== 'object';

export function DocumentScreen({ id }: { id: string }) {
  const [document, setDocument] = useState<DocumentDetail | null>(null);
  const [page, setPage] = useState(1);
  const [image, setImage] = useState('');
  const [view, setView] = useState<PageView | null>(null);
  const [natural, setNatural] = useState({ width: 0, height: 0 });
  const [focus, setFocus] = useState('');
  const [error, setError] = useState('');
  const [review, setReview] = useState<DocumentReview | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [nextField, setNextField] = useState('');
  /** Filling from the page: the field the words go to (the input last focused), and each page's words once read. */
  const [picking, setPicking] = useState(false);
  const [target, setTarget] = useState('');
  const [pickedInto, setPickedInto] = useState('');
  const [words, setWords] = useState<Record<number, PageWordList['words']>>({});
  const [wordsError, setWordsError] = useState('');
  const fieldsRef = useRef<HTMLDivElement>(null);
  const base = `/business/documents/${encodeURIComponent(id)}`;

  useEffect(() => {
    call<DocumentDetail>('GET', base).then(setDocument, (e: unknown) => setError(errorText(e)));
    call<DocumentReview>('GET', `${base}/review`).then(setReview, (e: unknown) => setError(errorText(e)));
  }, [id]);

  // After a save the next field to review takes the keyboard.
  useEffect(() => {
    if (nextField) fieldsRef.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(nextField)}"]`)?.focus();
  }, [document, nextField]);

  // The page image stays across saves: only another document or page fetches one.
  const shownId = document?.id;
  const pages = document?.pages ?? 0;
  useEffect(() => {
    if (!shownId || pages < 1) return;
    let url = '';
    pageImage(shownId, page).then(
      (loaded) => {
        setView(loaded.view);
        setImage((url = loaded.url));
      },
      (e: unknown) => setError(errorText(e)),
    );
    return () => url && URL.revokeObjectURL(url);
  }, [shownId, pages, page]);

  // A page's words are read (OCR for a scan, a second or two) only when a person picks from it.
  useEffect(() => {
    if (!picking || !shownId || words[page]) return;
    call<PageWordList>('GET', `/business/documents/${encodeURIComponent(shownId)}/pages/${page}/words`).then(
      (list) => {
        setWords((all) => ({ ...all, [page]: list.words }));
        setWordsError('');
      },
      // The fields stay usable when a page's words cannot be read: the message stands in the picking hint.
      (e: unknown) => setWordsError(errorText(e)),
    );
  }, [picking, shownId, page]);

  if (error) return <p class="error">{error}</p>;
  if (!document) return <p>Loading…</p>;

  const toReview = new Set(document.review_fields);
  const groups = groupFields([...new Set([...Object.keys(document.field_status), ...document.review_fields])], toReview);
  const reviewOrder = groups.flatMap((g) => g.paths).filter((p) => toReview.has(p));

  /** Saves the field's value (an empty one clears it); unchanged, it confirms the value as read. */
  async function save(path: string) {
    const text = (drafts[path] ?? show(valueAt(document!.extraction, path)).replace(/^—$/u, '')).trim();
    try {
      const saved = await call<DocumentDetail>('PUT', `${base}/fields`, { corrections: [{ path, value: text === '' ? null : text }] });
      setFieldErrors(({ [path]: _, ...rest }) => rest);
      setDrafts(({ [path]: _, ...rest }) => rest);
      setNextField(reviewOrder[reviewOrder.indexOf(path) + 1] ?? reviewOrder.find((p) => p !== path) ?? '');
      setDocument(saved);
      setReview(await call<DocumentReview>('GET', `${base}/review`));
    } catch (e) {
      setFieldErrors((all) => ({ ...all, [path]: errorText(e) }));
    }
  }

  /** A clicked word fills the target field; the next words clicked for it follow, space-separated. Enter saves. */
  function pickWord(text: string) {
    if (!target) return;
    setDrafts((all) => ({ ...all, [target]: pickedInto === target && all[target] ? `${all[target]} ${text}` : text }));
    setPickedInto(target);
    fieldsRef.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(target)}"]`)?.focus();
  }

  /** A field's value as an input (Enter saves), or as text when it is not a single value; its refusal under it. */
  function fieldInput(path: string, label: string) {
    const value = valueAt(document!.extraction, path);
    return (
      <>
        {editable(value) ? (
          <input
            name={path}
            aria-label={label}
            value={drafts[path] ?? (value === undefined || value === null ? '' : String(value))}
            placeholder={toReview.has(path) && (value === undefined || value === null) ? 'not found: fill in' : ''}
            onFocus={() => {
              setFocus(path);
              if (path !== target) setPickedInto('');
              setTarget(path);
            }}
            onInput={(e) => {
              setPickedInto('');
              setDrafts((all) => ({ ...all, [path]: e.currentTarget.value }));
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void save(path);
            }}
          />
        ) : (
          show(value)
        )}
        {fieldErrors[path] && (
          <span class="error" role="alert">
            {fieldErrors[path]}
          </span>
        )}
      </>
    );
  }

  /** Line items as a table: one row per item, one column per member any item has. */
  function lineItemsTable(paths: string[]) {
    const items = document!.extraction.line_items;
    const members = ITEM_MEMBERS.filter((member) => paths.some((p) => p.endsWith(`].${member}`)));
    return (
      <table key="line-items" class="field-group line-items">
        <caption>Line items</caption>
        <thead>
          <tr>
            <th>#</th>
            {members.map((member) => (
              <th key={member}>{fieldLabel(member)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((_, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              {members.map((member) => {
                const path = `line_items[${i}].${member}`;
                return (
                  <td key={member} class={`${toReview.has(path) ? 'review' : ''} ${focus === path ? 'focus' : ''}`} title={document!.field_status[path]?.status ?? ''}>
                    {fieldInput(path, fieldLabel(path))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  async function remove() {
    if (!window.confirm(`Delete ${document!.filename}, its file and its fields for good?`)) return;
    try {
      await call('DELETE', base);
      window.location.hash = '#/documents';
    } catch (e) {
      setError(errorText(e));
    }
  }

  async function approve() {
    try {
      setDocument(await call<DocumentDetail>('POST', `${base}/approve`));
      setReview(await call<DocumentReview>('GET', `${base}/review`));
    } catch (e) {
      setError(errorText(e));
    }
  }
  const regions = Object.entries(document.regions ?? {}).filter(([, region]) => region.page === page);

  function downloadJson() {
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
            {review?.approved_at && (
              <span class="badge read" role="status">
                Approved by {review.approved_by} {formatDate(review.approved_at)}
              </span>
            )}
          </p>
        </div>
        <div class="row">
          <button type="button" onClick={() => void approve()}>
            {review?.approved_at ? 'Approve again' : 'Approve'}
          </button>
          <button type="button" class="secondary" aria-pressed={picking} onClick={() => setPicking(!picking)}>
            {picking ? 'Done picking' : 'Fill from page'}
          </button>
          <button type="button" class="secondary" onClick={() => download(`${base}/file`).catch((e: unknown) => setError(errorText(e)))}>
            Download original
          </button>
          <button type="button" class="secondary" onClick={downloadJson}>
            Download JSON
          </button>
          <button type="button" class="danger" onClick={() => void remove()}>
            Delete
          </button>
        </div>
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
      {picking && (
        <p class="muted" role="status">
          {wordsError
            ? `The page's words could not be read: ${wordsError}`
            : target
              ? `Click words on the page to fill ${fieldLabel(target)}; Enter saves.`
              : 'Click into a field, then click its words on the page.'}
        </p>
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
            <div class={`region-layer ${picking ? 'picking' : ''}`} style={regionLayerStyle(view, natural.width, natural.height)}>
              {regions.map(([path, region]) => {
                // The schema fixes four members (minItems = maxItems = 4); the defaults only satisfy the type.
                const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = region.box;
                return (
                  <div
                    key={path}
                    class={`region ${/^line_items\[\d+\]$/u.test(path) ? 'item' : ''} ${toReview.has(path) ? 'review' : ''} ${focus === path ? 'focus' : ''}`}
                    data-field={path}
                    title={path}
                    style={{ left: `${x0 / 10}%`, top: `${y0 / 10}%`, width: `${(x1 - x0) / 10}%`, height: `${(y1 - y0) / 10}%` }}
                    onMouseEnter={() => setFocus(path)}
                    onMouseLeave={() => setFocus('')}
                  />
                );
              })}
              {picking &&
                (words[page] ?? []).map(({ text, box: [x0 = 0, y0 = 0, x1 = 0, y1 = 0] }, i) => (
                  <button
                    key={i}
                    type="button"
                    class="word"
                    title={target ? `${text} → ${fieldLabel(target)}` : 'Click a field first, then its words'}
                    aria-label={`word ${text}`}
                    style={{ left: `${x0 / 10}%`, top: `${y0 / 10}%`, width: `${(x1 - x0) / 10}%`, height: `${(y1 - y0) / 10}%` }}
                    // The field's input keeps the keyboard: a word is added without taking focus from it.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pickWord(text)}
                  />
                ))}
            </div>
          </div>
        </div>
        <div class="fields" ref={fieldsRef}>
          {groups.map((group) =>
            group.title === 'Line items' ? (
              lineItemsTable(group.paths)
            ) : (
              <table key={group.title} class="field-group">
                <caption>{group.title}</caption>
                <thead>
                  <tr>
                    <th>Field</th>
                    <th>Value</th>
                    <th>Status</th>
                    <th>Confidence</th>
                  </tr>
                </thead>
                <tbody>
                  {group.paths.map((path) => {
                    const region = document.regions?.[path];
                    const value = valueAt(document.extraction, path);
                    const status = document.field_status[path];
                    const label = fieldLabel(path);
                    return (
                      <tr
                        key={path}
                        class={`${toReview.has(path) ? 'review' : ''} ${focus === path ? 'focus' : ''}`}
                        onMouseEnter={() => setFocus(path)}
                        onMouseLeave={() => setFocus('')}
                        onClick={() => region && setPage(region.page)}
                      >
                        <td>
                          {label}
                          <br />
                          <code>{path}</code>
                        </td>
                        <td>
                          {fieldInput(path, label)}
                        </td>
                        <td>{status ? <span class={`badge ${status.status}`}>{status.status}</span> : <span class="badge review">missing</span>}</td>
                        <td>{formatPercent(document.field_confidence[path])}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ),
          )}
          {review && review.corrections.length > 0 && (
            <details>
              <summary>Corrections ({review.corrections.length})</summary>
              <ul class="corrections">
                {review.corrections.map((c) => (
                  <li key={`${c.path}-${c.corrected_at}`}>
                    {fieldLabel(c.path)}: {show(c.before)} → {show(c.after)}, {c.corrected_by}, {formatDate(c.corrected_at)}
                  </li>
                ))}
              </ul>
            </details>
          )}
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
