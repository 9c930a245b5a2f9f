/**
 * A fake review service on loopback: any JSON endpoint, for the `http`
 * provider's tests. Each request is recorded (method, path, headers, parsed
 * body) and answered by the handler with a status and a JSON (or text) body.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ServiceRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type ServiceAnswer = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };
export type ServiceHandler = (request: ServiceRequest, index: number) => ServiceAnswer;

export interface FakeReviewService {
  /** The endpoint's URL (`/api/review`). */
  readonly url: string;
  readonly requests: readonly ServiceRequest[];
  setHandler(handler: ServiceHandler): void;
  close(): Promise<void>;
}

export async function startFakeReviewService(handler: ServiceHandler): Promise<FakeReviewService> {
  let current = handler;
  const requests: ServiceRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const answer = current(request, requests.length - 1);
      const text = answer.text ?? JSON.stringify(answer.json ?? null);
      res.writeHead(answer.status ?? 200, { 'content-type': answer.text !== undefined ? 'text/plain' : 'application/json', 'content-length': Buffer.byteLength(text), ...answer.headers });
      res.end(text);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/review`,
    requests,
    setHandler(next) {
      current = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
