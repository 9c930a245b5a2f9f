import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HARNESS_VERSION } from '../../util/packageRoot.js';
import type { Toolbox } from './types.js';

/**
 * The MCP SDK, loaded with the first review that opens a server: it and its
 * JSON-schema validator are a quarter of a second of the CLI's start, which
 * only a critic that speaks MCP needs.
 */
type Sdk = [typeof import('@modelcontextprotocol/sdk/server/index.js'), typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'), typeof import('@modelcontextprotocol/sdk/types.js')];
let sdk: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> =>
  (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/index.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('@modelcontextprotocol/sdk/types.js')]));

/** The largest request body the server reads: a tool call's arguments are small. */
const MAX_BODY_BYTES = 1 << 20;

/**
 * The review's tools as an MCP server on loopback (streamable HTTP), so any
 * agent that speaks MCP can be audited as an exec critic: each review is
 * bound to a URL holding an unguessable token (`open`), which serves exactly
 * that review's tools (tools/list) and runs each call through its toolbox
 * (tools/call), recorded as any other; the URL answers 404 once the review is
 * over. One HTTP server per critic, started with its first review, and one
 * MCP session per review (its session id the token).
 */
export class McpToolServer {
  private http: Promise<{ server: HttpServer; base: string }> | undefined;
  private readonly reviews = new Map<string, StreamableHTTPServerTransport>();
  private readonly sockets = new Set<Socket>();

  /** The URL a review's critic reaches its tools at, and what ends it. */
  async open(tools: Toolbox): Promise<{ url: string; close(): void }> {
    const { base } = await (this.http ??= this.listen());
    const token = randomBytes(24).toString('base64url');
    const loaded = await loadSdk();
    // One MCP session per review: its server offers the review's tools, its transport answers the token's requests.
    const server = reviewServer(loaded, tools);
    const transport = new loaded[1].StreamableHTTPServerTransport({ sessionIdGenerator: () => token, enableJsonResponse: true });
    await server.connect(transport);
    this.reviews.set(token, transport);
    return {
      url: `${base}/mcp/${token}`,
      close: () => {
        this.reviews.delete(token);
        void server.close();
      },
    };
  }

  async close(): Promise<void> {
    const started = this.http;
    this.http = undefined;
    if (!started) return;
    const { server } = await started;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listen(): Promise<{ server: HttpServer; base: string }> {
    const server = createServer((req, res) => {
      this.serve(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err));
      });
    });
    // Open connections must not keep the harness running once the run is done with the critic.
    server.on('connection', (socket) => {
      socket.unref();
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.unref();
        resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      });
    });
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = /^\/mcp\/([A-Za-z0-9_-]+)$/.exec(req.url?.split('?')[0] ?? '')?.[1];
    const transport = token === undefined ? undefined : this.reviews.get(token);
    if (!transport) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no review is open at this address');
      return;
    }
    await transport.handleRequest(req, res, req.method === 'POST' ? await readJson(req) : undefined);
  }
}

/** An MCP server offering exactly one review's tools, each call run (and recorded) by its toolbox. */
function reviewServer([{ Server }, , { CallToolRequestSchema, ListToolsRequestSchema }]: Sdk, tools: Toolbox): Server {
  const server = new Server({ name: 'critic-audit', version: HARNESS_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.specs.map((spec) => ({ name: spec.name, description: spec.description, inputSchema: { type: 'object' as const, ...spec.parameters } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const result = await tools.call(params.name, params.arguments ?? {});
    return { content: [{ type: 'text' as const, text: result.content }], ...(result.denied || result.error ? { isError: true } : {}) };
  });
  return server;
}

/** A request's JSON body (undefined when empty), at most MAX_BODY_BYTES. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as unknown) : undefined);
      } catch (err) {
        reject(err);
      }
    });
  });
}
