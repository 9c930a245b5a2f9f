import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The request ran past its own time limit. */
export class HttpTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'HttpTimeoutError';
  }
}

/**
 * JSON POSTs over node:http(s) with keep-alive connections. Node 20's global
 * fetch (undici behind WHATWG streams) and an SDK on top of it cost several
 * times the CPU per call of node:http, which at thousands of reviews per
 * second is most of the harness's time. Replies are small and never streamed,
 * so the body is read whole, and the time limit covers all of it: a body that
 * stalls after its headers is cut off too. Redirects are not followed (an API
 * endpoint answering a POST with one is misconfigured, and the status says so).
 */
export class HttpTransport {
  private readonly agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  post(url: URL, headers: Record<string, string>, body: string, options: { signal: AbortSignal; timeoutMs: number }): Promise<HttpReply> {
    return this.send('POST', url, headers, body, options);
  }

  /** A request with a JSON body by any method (an `http` critic's service may want PUT). */
  send(method: string, url: URL, headers: Record<string, string>, body: string, options: { signal: AbortSignal; timeoutMs: number }): Promise<HttpReply> {
    const { signal, timeoutMs } = options;
    return new Promise((resolve, reject) => {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new TypeError(`unsupported protocol ${url.protocol}`));
      if (signal.aborted) return reject(signal.reason);
      const agent = this.agents[url.protocol];
      const request = (url.protocol === 'https:' ? https : http).request(url, { method, agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(new Error('connection closed before the response ended'));
        });
        response.on('end', () => {
          settle();
          try {
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: decode(Buffer.concat(chunks), response.headers['content-encoding']) });
          } catch (err) {
            reject(err);
          }
        });
      });
      const timer = setTimeout(() => fail(new HttpTimeoutError(timeoutMs)), timeoutMs);
      const onAbort = () => fail(signal.reason);
      function settle() {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      }
      function fail(err: unknown) {
        settle();
        request.destroy();
        reject(err);
      }
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('error', fail);
      request.end(body);
    });
  }
}

/** Undoes a content-encoding a server applied although none was asked for. */
function decode(raw: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}
