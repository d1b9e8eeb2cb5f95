import { useEffect, useState } from 'preact/hooks';
import { call } from '../api.js';
import { errorText, formatDate } from '../format.js';
import type { Usage } from '../types.js';

export function UsageScreen() {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call<Usage>('GET', '/business/usage').then(setUsage, (e: unknown) => setError(errorText(e)));
  }, []);
  if (error) return <p class="error">{error}</p>;
  if (!usage) return <p>Loading…</p>;
  return (
    <section>
      <h2>Usage</h2>
      <p class="muted">All-time counts from the usage ledger; deleted documents are included.</p>
      <div class="stats">
        <div class="card stat">
          <span class="stat-value">{usage.documents}</span>documents
        </div>
        <div class="card stat">
          <span class="stat-value">{usage.pages}</span>pages
        </div>
        <div class="card stat">
          <span class="stat-value">{formatDate(usage.last_request_at)}</span>latest document
        </div>
      </div>
    </section>
  );
}
