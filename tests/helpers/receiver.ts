// A real HTTP receiver for callback tests: records every request with its raw body and answers as
// the test says (a status, a redirect, or never).
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from './wait.js';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = (res: ServerResponse, index: number) => void;

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** How the next requests are answered; default 200. */
  answer: Answer;
  /** Resolves once `count` requests have arrived (tests/helpers/wait.ts: however long that takes). */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    requests,
    answer: (res) => res.writeHead(200).end('ok'),
    async waitFor(count) {
      await until(() => requests.length >= count, () => `expected ${count} callback requests, got ${requests.length}`, 20);
    },
    async close() {
      held.forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      held.push(res);
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      receiver.answer(res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ledgerlens`;
  return receiver;
}

