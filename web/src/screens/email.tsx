// The business's email channel: the inbound address to give suppliers, and the senders whose mail
// becomes documents: held (waiting for a decision), approved and blocked.
import { useEffect, useState } from 'preact/hooks';
import { call } from '../api.js';
import { errorText, formatDate } from '../format.js';
import type { EmailSettings, Sender, SenderDecision } from '../types.js';
import { copyText } from './copy-secret.js';

const GROUPS = [
  ['held', 'Waiting for a decision', 'Their mail is held until you approve (it becomes documents) or block them (it is discarded).'],
  ['approved', 'Approved', 'Their attachments become documents of this business.'],
  ['blocked', 'Blocked', 'Their mail is refused.'],
] as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function outcome(decision: SenderDecision): string {
  if (decision.status === 'approved') return `${decision.address} approved; ${plural(decision.queued_documents, 'held document')} queued`;
  return `${decision.address} ${decision.status === 'blocked' ? 'blocked' : 'removed'}; ${plural(decision.messages, 'held message')} discarded`;
}

export function EmailScreen() {
  const [settings, setSettings] = useState<EmailSettings | null>(null);
  const [newSender, setNewSender] = useState('');
  const [copied, setCopied] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    call<EmailSettings>('GET', '/business/email').then(setSettings, (e: unknown) => setError(errorText(e)));
  }, []);

  async function act(work: () => Promise<SenderDecision | null>) {
    setError('');
    setNote('');
    try {
      const decision = await work();
      if (decision) setNote(outcome(decision));
      setSettings(await call<EmailSettings>('GET', '/business/email'));
    } catch (e) {
      setError(errorText(e));
    }
  }

  const path = (sender: Sender) => `/business/email/senders/${encodeURIComponent(sender.address)}`;
  const approve = (sender: Sender) => act(() => call<SenderDecision>('POST', `${path(sender)}/approve`));
  const block = (sender: Sender) =>
    confirm(`Block ${sender.address}? Held mail is discarded and further mail refused.`) && act(() => call<SenderDecision>('POST', `${path(sender)}/block`));
  const remove = (sender: Sender) =>
    confirm(`Remove ${sender.address}? Held mail is discarded; its next mail is held again.`) && act(() => call<SenderDecision>('DELETE', path(sender)));
  const rotate = () =>
    confirm('Replace the inbound address? The current one stops receiving mail at once.') &&
    act(async () => {
      await call<EmailSettings>('POST', '/business/email/address/rotate');
      setCopied(false);
      return null;
    });
  const preApprove = (event: Event) => {
    event.preventDefault();
    return act(async () => {
      const decision = await call<SenderDecision>('POST', '/business/email/senders', { address: newSender.trim() });
      setNewSender('');
      return decision;
    });
  };

  if (!settings) return error ? <p class="error">{error}</p> : <p>Loading…</p>;
  return (
    <section>
      <h2>Email</h2>
      <div class="card">
        <p>Attachments mailed to this address by an approved sender become documents of this business (channel email).</p>
        <div class="row">
          <code id="inbound-address" class="address-value">
            {settings.address}
          </code>
          <button type="button" onClick={() => copyText(settings.address, document.getElementById('inbound-address')!).then(() => setCopied(true))}>
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button type="button" class="secondary" onClick={rotate}>
            New address
          </button>
        </div>
      </div>
      <form class="row" onSubmit={preApprove}>
        <input type="email" required placeholder="billing@supplier.example" maxLength={254} value={newSender} onInput={(e) => setNewSender(e.currentTarget.value)} aria-label="Sender address" />
        <button type="submit">Approve sender</button>
      </form>
      {note && (
        <p class="ok" role="status">
          {note}
        </p>
      )}
      {error && <p class="error">{error}</p>}
      {GROUPS.map(([status, title, explanation]) => {
        const group = settings.senders.filter((s) => s.status === status);
        return (
          <div key={status} class={`senders ${status}`}>
            <h3>
              {title} <span class="muted">({group.length})</span>
            </h3>
            {group.length === 0 ? (
              <p class="muted">None.</p>
            ) : (
              <>
                <p class="muted">{explanation}</p>
                <table>
                  <thead>
                    <tr>
                      <th>Sender</th>
                      {status === 'held' && <th>Held messages</th>}
                      <th>Since</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {group.map((sender) => (
                      <tr key={sender.address} data-sender={sender.address}>
                        <td>{sender.address}</td>
                        {status === 'held' && <td>{sender.held_messages}</td>}
                        <td>{formatDate(sender.updated_at)}</td>
                        <td class="actions">
                          {status !== 'approved' && (
                            <button type="button" onClick={() => approve(sender)}>
                              Approve
                            </button>
                          )}
                          {status !== 'blocked' && (
                            <button type="button" class="danger" onClick={() => block(sender)}>
                              Block
                            </button>
                          )}
                          <button type="button" class="secondary" onClick={() => remove(sender)}>
                            Remove
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </div>
        );
      })}
    </section>
  );
}
