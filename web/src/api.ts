// The dashboard's HTTP client. Every call goes to the service's /dashboard/api with the session
// cookie, the CSRF token on writes, and the selected business in X-Business-Id; answers are the
// API's envelope, and failures become ApiError with the API's code and message.
import { parsePageView, type PageView } from './page-view.js';

const BASE = '/dashboard/api';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let csrfToken = '';
let businessId = '';

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function setBusinessId(id: string): void {
  businessId = id;
}

function headers(json: boolean): Record<string, string> {
  return {
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}),
    ...(businessId ? { 'x-business-id': businessId } : {}),
  };
}

function unwrap<T>(status: number, text: string): T {
  let body: { success?: boolean; data?: T; error?: { code: string; message: string } } = {};
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('internal_error', `the service answered ${status} without JSON`, status);
  }
  if (!body.success) throw new ApiError(body.error?.code ?? 'internal_error', body.error?.message ?? `HTTP ${status}`, status);
  return body.data as T;
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(BASE + path, {
    method,
    headers: headers(body !== undefined),
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
  });
  return unwrap<T>(response.status, await response.text());
}

/** A page of a stored document as an object URL, for an <img>, and where the page as read lies on it. */
export async function pageImage(documentId: string, page: number): Promise<{ url: string; view: PageView | null }> {
  const response = await fetch(`${BASE}/business/documents/${encodeURIComponent(documentId)}/pages/${page}`, { headers: headers(false) });
  if (!response.ok) unwrap(response.status, await response.text());
  return { url: URL.createObjectURL(await response.blob()), view: parsePageView(response.headers.get('x-page-view')) };
}

/** A file the service makes (an export) saved by the browser under the name the service gives it. */
export async function download(path: string): Promise<void> {
  const response = await fetch(BASE + path, { headers: headers(false), credentials: 'same-origin' });
  if (!response.ok) unwrap(response.status, await response.text());
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/u.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/u.exec(disposition)?.[1] ?? 'download');
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(await response.blob()), download: name });
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Uploads one file as the API's single-document upload (fields and regions kept), reporting bytes sent. */
export function uploadDocument<T>(file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/business/documents`);
    for (const [name, value] of Object.entries(headers(false))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      try {
        resolve(unwrap<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError('network_error', 'the upload did not reach the service', 0));
    const form = new FormData();
    form.append('raw_text', 'true');
    form.append('regions', 'true');
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
