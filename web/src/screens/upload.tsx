// Drag-and-drop (or choose) files; each is uploaded as its own document, two at a time, with the
// bytes sent shown per file and the count done for the whole batch.
import { useState } from 'preact/hooks';
import { uploadDocument } from '../api.js';
import { errorText } from '../format.js';
import { documentHref } from '../route.js';
import type { DocumentDetail } from '../types.js';

const PARALLEL_UPLOADS = 2;

interface UploadItem {
  name: string;
  progress: number;
  state: 'waiting' | 'sending' | 'processing' | 'done' | 'failed';
  documentId?: string;
  message?: string;
}

export function UploadPanel({ onUploaded }: { onUploaded: () => void }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [hover, setHover] = useState(false);

  async function start(files: File[]) {
    if (!files.length) return;
    const offset = items.length;
    const update = (index: number, change: Partial<UploadItem>) =>
      setItems((current) => current.map((item, i) => (i === offset + index ? { ...item, ...change } : item)));
    setItems((current) => [...current, ...files.map((f) => ({ name: f.name, progress: 0, state: 'waiting' as const }))]);
    let next = 0;
    async function worker() {
      while (next < files.length) {
        const index = next++;
        update(index, { state: 'sending' });
        try {
          const document = await uploadDocument<DocumentDetail>(files[index]!, (progress) =>
            update(index, { progress, state: progress < 1 ? 'sending' : 'processing' }),
          );
          update(index, { progress: 1, state: 'done', documentId: document.id });
          onUploaded();
        } catch (e) {
          update(index, { state: 'failed', message: errorText(e) });
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
  }

  const finished = items.filter((i) => i.state === 'done' || i.state === 'failed').length;

  return (
    <div
      class={`card dropzone ${hover ? 'hover' : ''}`}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setHover(true);
      }}
      onDragLeave={() => setHover(false)}
      onDrop={(e) => {
        e.preventDefault();
        setHover(false);
        void start([...(e.dataTransfer?.files ?? [])]);
      }}
    >
      <p>
        Drop invoices, receipts or bills here (PDF or images), or{' '}
        <label class="link">
          choose files
          <input
            type="file"
            multiple
            hidden
            accept="application/pdf,image/*"
            onChange={(e) => {
              void start([...(e.currentTarget.files ?? [])]);
              e.currentTarget.value = '';
            }}
          />
        </label>
        .
      </p>
      {items.length > 0 && (
        <>
          <p class="muted">
            {finished} of {items.length} processed
          </p>
          <ul class="uploads">
            {items.map((item, i) => (
              <li key={i} class={item.state}>
                <span class="upload-name">{item.name}</span>
                <progress max={1} value={item.progress} />
                <span class="upload-state">
                  {item.state === 'done' && item.documentId ? <a href={documentHref(item.documentId)}>done, open</a> : (item.message ?? item.state)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
