import { useEffect, useState } from 'preact/hooks';
import { call } from '../api.js';
import { errorText, formatDate } from '../format.js';
import type { ApiKey, CreatedKey } from '../types.js';
import { OneTimeSecret } from './copy-secret.js';

export function KeysScreen() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [error, setError] = useState('');

  const load = () => call<{ items: ApiKey[] }>('GET', '/business/keys').then(({ items }) => setKeys(items));

  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(e)));
  }, []);

  async function act(work: () => Promise<unknown>) {
    setError('');
    try {
      await work();
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  }

  const create = (event: Event) => {
    event.preventDefault();
    return act(async () => {
      setCreated(await call<CreatedKey>('POST', '/business/keys', label.trim() ? { label: label.trim() } : {}));
      setLabel('');
    });
  };
  const rotate = (key: ApiKey) =>
    confirm(`Rotate "${key.label}"? The current key stops working at once.`) &&
    act(async () => setCreated(await call<CreatedKey>('POST', `/business/keys/${key.id}/rotate`)));
  const revoke = (key: ApiKey) => confirm(`Revoke "${key.label}"? It stops working at once.`) && act(() => call('DELETE', `/business/keys/${key.id}`));

  return (
    <section>
      <h2>API keys</h2>
      <form class="row" onSubmit={create}>
        <input placeholder="Label, e.g. accounting export" value={label} maxLength={100} onInput={(e) => setLabel(e.currentTarget.value)} aria-label="Key label" />
        <button type="submit">Create key</button>
      </form>
      {created && (
        <OneTimeSecret
          title={created.replaces ? `Replacement for ${created.replaces}` : `New key "${created.label}"`}
          secret={created.secret}
          onDismiss={() => setCreated(null)}
        />
      )}
      {error && <p class="error">{error}</p>}
      <table>
        <thead>
          <tr>
            <th>Label</th>
            <th>Key id</th>
            <th>Created</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} class={key.revoked_at ? 'muted' : ''}>
              <td>{key.label}</td>
              <td>
                <code>{key.id}</code>
              </td>
              <td>{formatDate(key.created_at)}</td>
              <td>{key.revoked_at ? `revoked ${formatDate(key.revoked_at)}` : 'active'}</td>
              <td class="actions">
                {!key.revoked_at && (
                  <>
                    <button type="button" class="secondary" onClick={() => rotate(key)}>
                      Rotate
                    </button>
                    <button type="button" class="danger" onClick={() => revoke(key)}>
                      Revoke
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
