// Failures Node's HTTP parser meets before Fastify has a request (headers too large, a malformed
// request line, a request not received within its time limit) are answered here, in the envelope
// like every other error, and the connection is closed. The error is logged by its code only: its
// rawPacket holds the request's bytes, API key included.
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { invalidRequest } from '../errors.js';

const MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: `the request line and headers are larger than ${maxHeaderSize / 1024} KiB`,
  ERR_HTTP_REQUEST_TIMEOUT: 'the request was not received within the time limit',
};

export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ code: error.code }, 'client error');
  const refusal = invalidRequest(MESSAGES[error.code ?? ''] ?? 'the HTTP request is malformed');
  const body = JSON.stringify({ success: false, error: refusal.toPublic() });
  // Only when no answer has begun on this connection: a half-written response cannot be amended.
  const response = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (socket.writable && !response?.headersSent) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
