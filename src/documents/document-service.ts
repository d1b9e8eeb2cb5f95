// Use cases of single documents: analyse an upload, store it with its usage entry in one
// transaction, read, list and delete. The HTTP routes, the batch runner and the CLI all come here.
import { isoNow, type Clock } from '../clock.js';
import { invalidRequest, notFound } from '../errors.js';
import { queueDocumentEvent } from '../delivery/document-event.js';
import { linkDuplicates } from '../duplicates/find-duplicates.js';
import { fingerprintsOf } from '../duplicates/fingerprints.js';
import type { IngestLimits } from '../ingest/limits.js';
import type { UsageLimits } from '../limits/usage-limits.js';
import type { ExtractionPool } from '../pipeline/extraction-pool.js';
import { UPLOAD_LANE, type Lane } from '../pipeline/thread-turns.js';
import type { DeskList, DocumentReview } from '../schemas/dashboard.schema.js';
import type { Document, DocumentList } from '../schemas/document.schema.js';
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import type { CursorCodec } from '../security/cursor.js';
import { newId } from '../security/ids.js';
import type { DocumentRow, ListFilter, ListPage } from '../storage/repositories/documents.repository.js';
import type { Store } from '../storage/store.js';
import { analyseUpload, type AnalysedDocument } from './analyse-upload.js';
import { valueAt } from './apply-corrections.js';
import { deskSearchTerms, deskSearchText } from './desk-search.js';
import { correctedValue, parseFieldPath } from './field-value.js';
import type { VendorDirectory } from '../vendors/vendor-directory.js';
import { groupDuplicates, needsReview, presentDocument, presentSummary, reviewState, type StoredOutcome } from './present-document.js';
import type { DocumentSource, SourceChannel, UploadedFile, UploadOptions } from './upload.js';


export interface ListRequest {
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
  filter: ListFilter;
}

/** A person's value for one field (the review desk); `value` is checked against the field's schema. */
export interface FieldCorrection {
  path: string;
  value: unknown;
}

export class DocumentService {
  constructor(
    private readonly store: Store,
    private readonly pool: ExtractionPool,
    private readonly clock: Clock,
    private readonly limits: IngestLimits,
    private readonly cursors: CursorCodec,
    private readonly usageLimits: UsageLimits,
    private readonly vendors: VendorDirectory,
  ) {}

  analyse(
    businessId: string,
    file: UploadedFile,
    options: UploadOptions,
    source: DocumentSource,
    lane: Lane,
    documentId: string = newId('doc'),
  ): Promise<AnalysedDocument> {
    return analyseUpload(this.pool, this.limits, this.clock, { businessId, file, options, source, lane, documentId });
  }

  /**
   * Writes the document, its file, its usage entry and its callback event; call inside the caller's
   * transaction. First the business's known vendors check and complete what was read (src/vendors):
   * the business is known here, not in the extraction thread.
   */
  async save(tx: Store, read: AnalysedDocument): Promise<Document> {
    const analysed = await this.withKnownVendor(tx, read);
    const { row } = analysed;
    // The time a document is stored is its created_at, so newest-first paging never skips one.
    row.created_at = isoNow(this.clock);
    await tx.documents.insert(row, analysed.content);
    await tx.usage.append({
      id: newId('use'),
      business_id: row.business_id,
      document_id: row.id,
      doc_type: 'document',
      pages: row.pages,
      created_at: row.created_at,
    });
    const fingerprints = fingerprintsOf({
      documentId: row.id,
      businessId: row.business_id,
      fileSha256: row.file_sha256,
      pageHash: analysed.pageHash,
      extraction: analysed.extraction,
    });
    await linkDuplicates(tx, row.id, row.business_id, fingerprints);
    const document = presentDocument(row, groupDuplicates(await tx.duplicates.listFor([row.id])).get(row.id));
    await queueDocumentEvent(tx, row, document);
    return document;
  }

  private async withKnownVendor(tx: Store, analysed: AnalysedDocument): Promise<AnalysedDocument> {
    const outcome = JSON.parse(analysed.row.outcome_json) as StoredOutcome;
    const enriched = await this.vendors.enrich(tx, analysed.row.business_id, outcome, analysed.pageText);
    if (enriched === outcome) return analysed;
    const row = { ...analysed.row, outcome_json: JSON.stringify(enriched), needs_review: needsReview(enriched) ? 1 : 0, desk_search: deskSearchText(analysed.row.filename, enriched.extraction) };
    return { ...analysed, row, extraction: enriched.extraction };
  }

  /** The approved document's vendor learns its fields as a person left them, at the places the page prints them. */
  private teachVendor(tx: Store, row: DocumentRow, approved: DocumentFields): Promise<void> {
    return this.vendors.learn(tx, row.business_id, row.id, approved, (JSON.parse(row.outcome_json) as StoredOutcome).placed_candidates);
  }

  async create(businessId: string, file: UploadedFile, options: UploadOptions, channel: SourceChannel): Promise<Document> {
    await this.usageLimits.admitDocuments(businessId, 1);
    const analysed = await this.analyse(businessId, file, options, { channel }, UPLOAD_LANE);
    return this.store.transaction((tx) => this.save(tx, analysed));
  }

  async get(businessId: string, id: string, store: Store = this.store): Promise<Document> {
    const row = await store.documents.find(businessId, id);
    if (!row) throw notFound('document');
    return presentDocument(row, groupDuplicates(await store.duplicates.listFor([row.id])).get(row.id), await store.corrections.listFor(row.id));
  }

  /**
   * Stores a person's values for fields of the document, all or none: each is checked against its
   * field (field-value.ts), a line item or VAT group must exist to be corrected. The document stays
   * under `filter=review` while it has fields left to review and is not approved.
   */
  async correct(businessId: string, id: string, by: string, corrections: readonly FieldCorrection[]): Promise<Document> {
    const paths = corrections.map((c) => c.path);
    const repeated = paths.find((path, i) => paths.indexOf(path) !== i);
    if (repeated) throw invalidRequest(`${repeated} is given twice`);
    return this.store.transaction(async (tx) => {
      const row = await tx.documents.find(businessId, id);
      if (!row) throw notFound('document');
      const earlier = await tx.corrections.listFor(id);
      const shown = presentDocument(row, [], earlier);
      // Corrections are read back in time order: a later one of a path must sort after the earlier.
      const last = earlier.at(-1)?.corrected_at;
      const now = isoNow(this.clock);
      const at = !last || now > last ? now : new Date(Date.parse(last) + 1).toISOString();
      const rows = corrections.map(({ path, value }) => {
        const after = correctedValue(path, value);
        const segments = parseFieldPath(path)!;
        const listIndex = segments.findIndex((s) => typeof s === 'number');
        if (listIndex >= 0 && valueAt(shown.extraction, segments.slice(0, listIndex + 1)) === null) throw invalidRequest(`${path}: the document has no such ${String(segments[0])} entry`);
        return { id: newId('cor'), document_id: id, path, before_json: JSON.stringify(valueAt(shown.extraction, segments)), after_json: JSON.stringify(after), corrected_by: by, corrected_at: at };
      });
      await tx.corrections.add(rows);
      // The new rows sort after the earlier ones (their time is later), as listFor would return them.
      const corrected = presentDocument(row, [], [...earlier, ...rows]);
      await tx.documents.afterCorrection(businessId, id, {
        needsReview: !row.approved_at && needsReview(corrected),
        deskSearch: deskSearchText(row.filename, corrected.extraction),
      });
      // A document approved earlier taught its vendor what it showed then; it teaches the correction now.
      if (row.approved_at) await this.teachVendor(tx, row, corrected.extraction);
      return this.get(businessId, id, tx);
    });
  }

  /** Who approved the document and when, and every correction with its value before and after. */
  async review(businessId: string, id: string): Promise<DocumentReview> {
    const row = await this.store.documents.find(businessId, id);
    if (!row) throw notFound('document');
    const corrections = (await this.store.corrections.listFor(id)).map((c) => ({
      path: c.path,
      before: JSON.parse(c.before_json) as unknown,
      after: JSON.parse(c.after_json) as unknown,
      corrected_by: c.corrected_by,
      corrected_at: c.corrected_at,
    }));
    return { approved_at: row.approved_at, approved_by: row.approved_by, corrections };
  }

  /**
   * A person approved the document: it leaves `filter=review` whatever its fields say, and a business
   * that asked for it gets a document.reviewed event with the Document as corrected.
   */
  async approve(businessId: string, id: string, by: string): Promise<Document> {
    return this.store.transaction(async (tx) => {
      const row = await tx.documents.find(businessId, id);
      if (!row) throw notFound('document');
      const at = isoNow(this.clock);
      await tx.documents.approve(businessId, id, by, at);
      const document = await this.get(businessId, id, tx);
      await this.teachVendor(tx, row, document.extraction);
      await queueDocumentEvent(tx, row, document, 'document.reviewed', at);
      return document;
    });
  }

  async list(businessId: string, request: ListRequest): Promise<DocumentList> {
    const { rows, pagination } = await this.page(businessId, request, (page) => this.store.documents.listPage(page));
    const duplicates = groupDuplicates(await this.store.duplicates.listFor(rows.map((r) => r.id)));
    return { items: rows.map((r) => presentSummary(r, duplicates.get(r.id))), count: rows.length, pagination };
  }

  /**
   * The review desk's list: the public list's paging and filters, a search that also finds vendor,
   * number and amount (desk-search.ts), and each row with its vendor, number, issue date, total and
   * review state as the Document shows them.
   */
  async desk(businessId: string, request: ListRequest): Promise<DeskList> {
    const terms = deskSearchTerms(request.q ?? '');
    const { rows, pagination } = await this.page(businessId, request, (page) => this.store.documents.listWholePage({ ...page, deskTerms: terms }));
    const ids = rows.map((row) => row.id);
    const duplicates = groupDuplicates(await this.store.duplicates.listFor(ids));
    const corrections = await this.store.corrections.listForDocuments(ids);
    const items = rows.map((row) => {
      const document = presentDocument(row, duplicates.get(row.id), corrections.get(row.id));
      const { extraction } = document;
      return {
        ...presentSummary(row, duplicates.get(row.id)),
        vendor_name: extraction.vendor?.name ?? null,
        document_number: extraction.document_number ?? null,
        issue_date: extraction.issue_date ?? null,
        total: extraction.total ?? null,
        currency: extraction.currency ?? null,
        review_count: document.review_fields.length,
        review_state: reviewState(document, row.approved_at),
      };
    });
    return { items, count: items.length, pagination };
  }

  /** One page of rows newest first after the request's cursor, and the cursor of the next. */
  private async page<Row extends { created_at: string; id: string }>(
    businessId: string,
    request: ListRequest,
    fetch: (page: ListPage) => Promise<Row[]>,
  ): Promise<{ rows: Row[]; pagination: DocumentList['pagination'] }> {
    const scope = { businessId, q: request.q ?? '', filter: request.filter };
    const after = request.cursor ? this.cursors.decode(request.cursor, scope) : null;
    if (request.cursor && !after) {
      throw invalidRequest('cursor is not valid for this listing; pass next_cursor unchanged, with the same q and filter');
    }
    const fetched = await fetch({ businessId, limit: request.limit, after, q: scope.q, filter: request.filter });
    const rows = fetched.slice(0, request.limit);
    const last = rows.at(-1);
    const nextCursor = fetched.length > request.limit && last ? this.cursors.encode({ createdAt: last.created_at, id: last.id }, scope) : null;
    return { rows, pagination: { limit: request.limit, next_cursor: nextCursor } };
  }

  async delete(businessId: string, id: string): Promise<{ id: string; deleted: true }> {
    await this.store.transaction(async (tx) => {
      await tx.duplicates.lockLinks(businessId);
      // The partners lose this document from their lists by cascade; their flag may have to go too.
      const partners = await tx.duplicates.partnersOf(id);
      // Files, fingerprints and links go by cascade; the copies of its content elsewhere are scrubbed.
      if (!(await tx.documents.delete(businessId, id))) throw notFound('document');
      await tx.duplicates.refreshFlags(partners);
      await tx.deliveries.eraseDocument(businessId, id);
      await tx.jobs.eraseDocument(businessId, id);
      // Its vendor facts and link went by cascade; a vendor it alone supported goes with them.
      await this.vendors.forget(tx, businessId);
    });
    return { id, deleted: true };
  }
}
