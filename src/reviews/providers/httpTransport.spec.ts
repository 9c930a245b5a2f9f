import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTimeoutError, HttpTransport } from './httpTransport.js';

let server: Server | undefined;
let connections = 0;

async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<URL> {
  connections = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => handler(req, res, body));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`);
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const never = new AbortController().signal;

describe('HttpTransport', () => {
  it('posts the body with its length, returns status, headers and body, and reuses one connection', async () => {
    const url = await serve((req, res, body) => {
      res.setHeader('x-echo-length', String(req.headers['content-length']));
      res.end(JSON.stringify({ method: req.method, path: req.url, body }));
    });
    const transport = new HttpTransport();
    for (let i = 0; i < 3; i++) {
      const reply = await transport.post(url, { 'content-type': 'application/json' }, '{"n":"é"}', { signal: never, timeoutMs: 2_000 });
      expect(reply.status).toBe(200);
      expect(reply.headers['x-echo-length']).toBe('10');
      expect(JSON.parse(reply.body)).toEqual({ method: 'POST', path: '/v1/chat/completions', body: '{"n":"é"}' });
    }
    expect(connections).toBe(1);
  });

  it('undoes a gzip content-encoding', async () => {
    const url = await serve((_req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync('{"ok":true}'));
    });
    const reply = await new HttpTransport().post(url, {}, '{}', { signal: never, timeoutMs: 2_000 });
    expect(reply.body).toBe('{"ok":true}');
  });

  it('rejects a body cut off before its declared length', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await expect(new HttpTransport().post(url, {}, '{}', { signal: never, timeoutMs: 2_000 })).rejects.toThrow();
  });

  it('cuts off a reply past its time limit, and rejects at once when the signal fires', async () => {
    const url = await serve(() => {});
    const transport = new HttpTransport();
    await expect(transport.post(url, {}, '{}', { signal: never, timeoutMs: 100 })).rejects.toBeInstanceOf(HttpTimeoutError);
    const controller = new AbortController();
    const pending = transport.post(url, {}, '{}', { signal: controller.signal, timeoutMs: 60_000 });
    controller.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow('stop now');
  });
});
