import { useEffect, useState } from 'preact/hooks';
import { call } from '../api.js';
import { documentHref } from '../route.js';
import { errorText, formatDate } from '../format.js';
import type { Callback } from '../types.js';
import { OneTimeSecret } from './copy-secret.js';

export function CallbackScreen() {
  const [callback, setCallback] = useState<Callback | null>(null);
  const [url, setUrl] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [reviewed, setReviewed] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  function show(value: Callback) {
    setCallback(value);
    setUrl(value.url);
    setEnabled(value.url ? value.enabled : true);
    setReviewed(value.events.includes('document.reviewed'));
    if (value.signing_secret) setSecret(value.signing_secret);
  }

  const refresh = () => call<Callback>('GET', '/business/callback').then(show, (e: unknown) => setError(errorText(e)));

  useEffect(() => {
    void refresh();
  }, []);

  async function save(rotateSecret: boolean) {
    setError('');
    setSaved(false);
    try {
      show(await call<Callback>('PUT', '/business/callback', {
        url: url.trim(),
        enabled,
        rotate_secret: rotateSecret,
        events: reviewed ? ['document.processed', 'document.reviewed'] : ['document.processed'],
      }));
      setSaved(true);
    } catch (e) {
      setError(errorText(e));
    }
  }

  if (!callback) return error ? <p class="error">{error}</p> : <p>Loading…</p>;
  return (
    <section>
      <h2>Callback</h2>
      <p class="muted">One signed POST per processed document to this URL. Changing it cancels pending deliveries.</p>
      <form
        class="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <label>
          URL
          <input type="url" name="url" placeholder="https://example.com/ledgerlens" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </label>
        <label class="check">
          <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} /> Enabled
        </label>
        <label class="check">
          <input type="checkbox" name="reviewed" checked={reviewed} onChange={(e) => setReviewed(e.currentTarget.checked)} /> Also send
          document.reviewed when a document is approved
        </label>
        <div class="row">
          <button type="submit">Save</button>
          {callback.url && (
            <button type="button" class="secondary" onClick={() => confirm('Issue a new signing secret? The old one stops being used at once.') && save(true)}>
              Rotate secret
            </button>
          )}
          {saved && <span class="ok">Saved {formatDate(callback.updated_at)}</span>}
        </div>
      </form>
      {secret && <OneTimeSecret title="Signing secret" secret={secret} onDismiss={() => setSecret('')} />}
      {error && <p class="error">{error}</p>}
      <div class="row spread">
        <h3>Latest deliveries</h3>
        <button type="button" class="secondary" onClick={refresh}>
          Refresh
        </button>
      </div>
      {callback.deliveries.length === 0 ? (
        <p class="muted">No deliveries yet.</p>
      ) : (
        <table class="deliveries">
          <thead>
            <tr>
              <th>Created</th>
              <th>Document</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Last answer</th>
              <th>Delivered</th>
            </tr>
          </thead>
          <tbody>
            {callback.deliveries.map((d) => (
              <tr key={d.id}>
                <td>{formatDate(d.created_at)}</td>
                <td>
                  <a href={documentHref(d.document_id)}>{d.document_id}</a>
                </td>
                <td>
                  <span class={`badge ${d.status}`}>{d.status}</span>
                </td>
                <td>{d.attempts}</td>
                <td>{d.last_http_status ?? d.last_error ?? '—'}</td>
                <td>{formatDate(d.delivered_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
