// The business's known vendors (docs/dashboard.md, Vendors): what approved documents taught, for a
// person to correct (name, VAT id, IBANs), merge when one vendor is known twice, or delete.
import { useEffect, useState } from 'preact/hooks';
import { call } from '../api.js';
import { errorText, formatDate } from '../format.js';
import type { Vendor } from '../types.js';

interface Draft {
  name: string;
  vat_id: string;
  ibans: string;
}

const draftOf = (vendor: Vendor): Draft => ({ name: vendor.name, vat_id: vendor.vat_id ?? '', ibans: vendor.ibans.join('\n') });

export function VendorsScreen() {
  const [vendors, setVendors] = useState<Vendor[] | null>(null);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  const load = async () => setVendors((await call<{ items: Vendor[] }>('GET', '/business/vendors')).items);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(e)));
  }, []);

  async function act(work: () => Promise<string>) {
    setError('');
    setNote('');
    try {
      setNote(await work());
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  }

  const save = (id: string, draft: Draft) =>
    act(async () => {
      const ibans = draft.ibans.split(/[\n,]+/).map((iban) => iban.trim()).filter(Boolean);
      const vendor = await call<Vendor>('PATCH', `/business/vendors/${encodeURIComponent(id)}`, { name: draft.name.trim(), vat_id: draft.vat_id.trim() || null, ibans });
      setEditing(null);
      return `${vendor.name} saved`;
    });
  const merge = (from: Vendor, intoId: string) => {
    const into = vendors?.find((v) => v.id === intoId);
    if (!into || !confirm(`Merge ${from.name} into ${into.name}? Everything known of both becomes ${into.name}'s.`)) return;
    return act(async () => `${from.name} merged into ${(await call<Vendor>('POST', `/business/vendors/${encodeURIComponent(from.id)}/merge`, { into: into.id })).name}`);
  };
  const remove = (vendor: Vendor) =>
    confirm(`Delete ${vendor.name}? What was learned of it is forgotten; its documents stay, and a later approval learns it anew.`) &&
    act(async () => {
      await call('DELETE', `/business/vendors/${encodeURIComponent(vendor.id)}`);
      return `${vendor.name} deleted`;
    });

  if (!vendors) return error ? <p class="error">{error}</p> : <p>Loading…</p>;
  return (
    <section>
      <h2>Vendors</h2>
      <p class="muted">
        Learned from approved documents. A new document from a known vendor is completed from what is known here, and an IBAN the vendor was never paid to is marked for review.
      </p>
      {note && (
        <p class="ok" role="status">
          {note}
        </p>
      )}
      {error && <p class="error">{error}</p>}
      {vendors.length === 0 ? (
        <p class="muted">No vendor yet: approve a document on the review desk.</p>
      ) : (
        <table class="vendors">
          <thead>
            <tr>
              <th>Name</th>
              <th>VAT id</th>
              <th>IBANs</th>
              <th>Documents</th>
              <th>Learned places</th>
              <th>Updated</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {vendors.map((vendor) =>
              editing?.id === vendor.id ? (
                <tr key={vendor.id} data-vendor={vendor.id}>
                  <td>
                    <input value={editing.draft.name} maxLength={200} aria-label="Name" onInput={(e) => setEditing({ id: vendor.id, draft: { ...editing.draft, name: e.currentTarget.value } })} />
                  </td>
                  <td>
                    <input value={editing.draft.vat_id} maxLength={40} aria-label="VAT id" onInput={(e) => setEditing({ id: vendor.id, draft: { ...editing.draft, vat_id: e.currentTarget.value } })} />
                  </td>
                  <td>
                    <textarea rows={2} value={editing.draft.ibans} aria-label="IBANs, one a line" onInput={(e) => setEditing({ id: vendor.id, draft: { ...editing.draft, ibans: e.currentTarget.value } })} />
                  </td>
                  <td colSpan={3} />
                  <td class="actions">
                    <button type="button" onClick={() => save(vendor.id, editing.draft)}>
                      Save
                    </button>
                    <button type="button" class="secondary" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </td>
                </tr>
              ) : (
                <tr key={vendor.id} data-vendor={vendor.id}>
                  <td>{vendor.name}</td>
                  <td>{vendor.vat_id ?? '—'}</td>
                  <td>{vendor.ibans.join(', ') || '—'}</td>
                  <td>{vendor.documents}</td>
                  <td>{vendor.learned_fields.join(', ') || '—'}</td>
                  <td>{formatDate(vendor.updated_at)}</td>
                  <td class="actions">
                    <button type="button" onClick={() => setEditing({ id: vendor.id, draft: draftOf(vendor) })}>
                      Edit
                    </button>
                    {vendors.length > 1 && (
                      <select aria-label={`Merge ${vendor.name} into`} value="" onChange={(e) => merge(vendor, e.currentTarget.value)}>
                        <option value="">Merge into…</option>
                        {vendors
                          .filter((other) => other.id !== vendor.id)
                          .map((other) => (
                            <option key={other.id} value={other.id}>
                              {other.name}
                            </option>
                          ))}
                      </select>
                    )}
                    <button type="button" class="danger" onClick={() => remove(vendor)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
