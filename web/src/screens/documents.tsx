// The review desk's list (search by vendor, number, amount or file name, review/duplicate filters and cursor paging, each
// row with its vendor, number, date, total and review state), exports, and the drop zone that
// uploads files one request each (channel dashboard).
import { useEffect, useState } from 'preact/hooks';
import { call, download } from '../api.js';
import { errorText, formatBytes, formatDate, formatPercent } from '../format.js';
import { documentHref } from '../route.js';
import type { DeskList, ExportFormat, ExportSheet } from '../types.js';
import { UploadPanel } from './upload.js';

type Filter = 'all' | 'review' | 'duplicates' | 'approved';
type ImportFormat = Exclude<ExportFormat, 'csv' | 'xlsx'>;

/** The import templates beside the generic sheets (docs/dashboard.md, "Exports"). */
const IMPORT_FORMATS: { value: ImportFormat; label: string }[] = [
  { value: 'xero', label: 'Xero bills (CSV)' },
  { value: 'quickbooks', label: 'QuickBooks Online bills (CSV)' },
  { value: 'datev', label: 'DATEV Buchungsstapel' },
  { value: 'ubl', label: 'E-invoices, approved (UBL, zip)' },
];
const PAGE_SIZE = 25;

export function DocumentsScreen() {
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  /** Cursors of the pages before the current one, so "Previous" can go back. */
  const [cursors, setCursors] = useState<string[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [list, setList] = useState<DeskList | null>(null);
  const [error, setError] = useState('');
  const [reloads, setReloads] = useState(0);
  /** The export: which sheet, and the issue dates it covers (empty: open-ended); its state follows the filter. */
  const [sheet, setSheet] = useState<ExportSheet>('documents');
  const [importFormat, setImportFormat] = useState<ImportFormat>('xero');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  useEffect(() => {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), filter });
    if (q.trim()) query.set('q', q.trim());
    if (cursor) query.set('cursor', cursor);
    call<DeskList>('GET', `/business/desk?${query}`).then(
      (page) => {
        setList(page);
        setError('');
      },
      (e: unknown) => setError(errorText(e)),
    );
  }, [q, filter, cursor, reloads]);

  /** The export of what the list filters to (needs review, approved; the duplicates filter exports all), by issue date. */
  function exportPath(format: ExportFormat): string {
    const query = new URLSearchParams({ format });
    if (format === 'csv' || format === 'xlsx') query.set('sheet', sheet);
    if (from) query.set('from', from);
    if (to) query.set('to', to);
    // E-invoices are made of approved documents only, whatever the list shows.
    if (format !== 'ubl' && (filter === 'review' || filter === 'approved')) query.set('state', filter === 'review' ? 'needs_review' : 'approved');
    return `/business/export?${query}`;
  }

  function restart() {
    setCursors([]);
    setCursor(null);
  }

  return (
    <section>
      <UploadPanel onUploaded={() => (cursor ? restart() : setReloads((n) => n + 1))} />
      <div class="row toolbar">
        <h2>Documents</h2>
        <input
          type="search"
          placeholder="Search vendor, number, amount or file name"
          aria-label="Search documents"
          value={q}
          onInput={(e) => {
            setQ(e.currentTarget.value);
            restart();
          }}
        />
        <select
          aria-label="Filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value as Filter);
            restart();
          }}
        >
          <option value="all">All documents</option>
          <option value="review">Needs review</option>
          <option value="approved">Approved</option>
          <option value="duplicates">Duplicates</option>
        </select>
      </div>
      <div class="row toolbar">
        <select aria-label="Export sheet" value={sheet} onChange={(e) => setSheet(e.currentTarget.value as typeof sheet)}>
          <option value="documents">Documents</option>
          <option value="line_items">Line items</option>
          <option value="vat_rates">VAT rates</option>
        </select>
        <label>
          issued from <input type="date" aria-label="Export from" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          to <input type="date" aria-label="Export to" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
        </label>
        {(['csv', 'xlsx'] as const).map((format) => (
          <button key={format} type="button" class="secondary" onClick={() => download(exportPath(format)).catch((e: unknown) => setError(errorText(e)))}>
            Export {format.toUpperCase()}
          </button>
        ))}
        <select aria-label="Import format" value={importFormat} onChange={(e) => setImportFormat(e.currentTarget.value as ImportFormat)}>
          {IMPORT_FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
        <button type="button" class="secondary" onClick={() => download(exportPath(importFormat)).catch((e: unknown) => setError(errorText(e)))}>
          Export for import
        </button>
      </div>
      {error && <p class="error">{error}</p>}
      {list && list.items.length === 0 && <p class="muted">No documents{q || filter !== 'all' ? ' match' : ' yet: drop files above'}.</p>}
      {list && list.items.length > 0 && (
        <table class="documents">
          <thead>
            <tr>
              <th>File</th>
              <th>Vendor</th>
              <th>Number</th>
              <th>Date</th>
              <th class="number">Total</th>
              <th>Review</th>
              <th>Received</th>
              <th>Confidence</th>
              <th>Duplicates</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((d) => (
              <tr key={d.id}>
                <td>
                  <a href={documentHref(d.id)}>{d.filename}</a>
                </td>
                <td>{d.vendor_name ?? '—'}</td>
                <td>{d.document_number ?? '—'}</td>
                <td>{d.issue_date ?? '—'}</td>
                <td class="number">{d.total === null ? '—' : `${d.total.toFixed(2)} ${d.currency ?? ''}`}</td>
                <td>
                  <span class={`badge ${d.review_state === 'needs review' ? 'review' : d.review_state === 'approved' ? 'read' : 'processed'}`} title={`${d.pages} page(s), ${formatBytes(d.size_bytes)}`}>
                    {d.review_state === 'needs review' && d.review_count > 0 ? `${d.review_count} to review` : d.review_state}
                  </span>
                </td>
                <td>{formatDate(d.created_at)}</td>
                <td>{formatPercent(d.confidence)}</td>
                <td>
                  {d.duplicates?.map((dup) => (
                    <a key={dup.id} class="badge duplicate" href={documentHref(dup.id)} title={dup.reasons.join(', ')}>
                      {dup.filename}
                    </a>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div class="row pager">
        <button
          type="button"
          class="secondary"
          disabled={cursors.length === 0 && !cursor}
          onClick={() => {
            setCursor(cursors.at(-1) ?? null);
            setCursors(cursors.slice(0, -1));
          }}
        >
          Previous
        </button>
        <button
          type="button"
          class="secondary"
          disabled={!list?.pagination.next_cursor}
          onClick={() => {
            setCursors(cursor ? [...cursors, cursor] : cursors);
            setCursor(list!.pagination.next_cursor);
          }}
        >
          Next
        </button>
      </div>
    </section>
  );
}
