// A secret the service shows once (a new API key, a callback signing secret), with a copy button;
// and the copying itself, for other values worth copying (the inbound email address).
import { useState } from 'preact/hooks';

/** Copies the text shown in the element to the clipboard. */
export async function copyText(text: string, shownIn: Element): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Outside a secure context the clipboard API is missing: select the text for the user instead.
    const range = document.createRange();
    range.selectNodeContents(shownIn);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    document.execCommand('copy');
  }
}

export function OneTimeSecret({ title, secret, onDismiss }: { title: string; secret: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    await copyText(secret, document.getElementById('one-time-secret')!);
    setCopied(true);
  }

  return (
    <div class="card secret" role="status">
      <strong>{title}</strong>
      <p class="muted">Shown only now. Store it somewhere safe; the service keeps only a hash or an encrypted copy.</p>
      <code id="one-time-secret" class="secret-value">
        {secret}
      </code>
      <div class="row">
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" class="secondary" onClick={onDismiss}>
          Done
        </button>
      </div>
    </div>
  );
}
