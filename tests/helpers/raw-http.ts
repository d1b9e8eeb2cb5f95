// HTTP written by hand on a TCP socket, for requests no client library would send: paths with any
// bytes, bodies sent a byte at a time, connections left idle.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed when it is JSON, else the text. */
  body: any;
}

/** Opens a connection to the test server's port. */
export function openSocket(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection, and when it closed it (ms after the call). */
export function readUntilClosed(socket: Socket): Promise<{ bytes: Buffer; closedAfterMs: number }> {
  const started = Date.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    socket.once('close', () => resolve({ bytes: Buffer.concat(chunks), closedAfterMs: Date.now() - started }));
    socket.on('error', () => {}); // a reset is a close here
  });
}

/** Sends one request (it should ask for Connection: close) and reads the answer. */
export async function rawRequest(baseUrl: string, request: string | Buffer): Promise<RawResponse> {
  const socket = await openSocket(baseUrl);
  const closed = readUntilClosed(socket);
  socket.write(request);
  const response = parseResponse((await closed).bytes);
  if (!response) throw new Error('the server closed the connection without an answer');
  return response;
}

/** The first HTTP response in `bytes` (Content-Length or chunked body), or null if there is none. */
export function parseResponse(bytes: Buffer): RawResponse | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  let body = bytes.subarray(end + 4);
  if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  else if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  const text = body.toString('utf8');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the text is kept for the assertion to show
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: parsed };
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
