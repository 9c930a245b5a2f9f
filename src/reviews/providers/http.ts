import { z } from 'zod';
import { sha256Hex } from '../../util/hash.js';
import { canonical } from '../cache.js';
import { CriticCallError, type Critic } from '../critic.js';
import { bodyTemplateProblem, renderBody, valueAt } from './bodyTemplate.js';
import { endpointIdentity } from './endpoint.js';
import { entryKeys, providerSchema } from './entrySchema.js';
import { type ErrorBody, parseJson, sendChecked } from './httpErrors.js';
import { HttpTransport } from './httpTransport.js';
import { rateLimitFromHeaders } from './rateLimitHeaders.js';
import type { Provider } from './types.js';

const schema = providerSchema('http', {
  url: z.url().describe('The endpoint each review is sent to.'),
  method: z.enum(['POST', 'PUT', 'PATCH']).default('POST').describe('The HTTP method.'),
  headers: z
    .record(z.string(), z.string())
    .default({})
    .describe('Request headers; values may name environment variables, `Bearer ${REVIEW_TOKEN}`: filled in when the critic is built, never written anywhere.'),
  body: z
    .union([z.string().min(1), z.record(z.string(), z.unknown())])
    .describe('The JSON body with `{{task}}`, `{{artifact}}`, `{{evidence_json}}`, ... placeholders: JSON text, or YAML that is written out as JSON.'),
  reply: z.string().min(1).describe('Where the reply text is in the response JSON, as a dotted path (`output.review`), or `$` for the whole body as text.'),
  verdictPath: z.string().min(1).optional().describe('Where the verdict is, when the service returns it as a field (`PASS` or `FAIL`).'),
  prompt: entryKeys.prompt,
  verdict: entryKeys.verdict,
  timeoutMs: entryKeys.timeoutMs,
  pricing: entryKeys.pricing,
  rateLimit: entryKeys.rateLimit,
});

type HttpEntry = z.output<typeof schema>;
const bodyTemplate = (entry: HttpEntry) => (typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body));
const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Any JSON endpoint: a review service with its own API (retrieval and all), described by its request and where its reply is. */
export const http: Provider<typeof schema> = {
  name: 'http',
  schema,
  // The headers as written (their variables unexpanded, so no secret) may select a model or version: hashed in.
  identity: (entry, { templateHash }) => ({
    provider: 'http',
    method: entry.method,
    ...endpointIdentity(entry.url),
    bodySha256: sha256Hex(bodyTemplate(entry)).slice(0, 16),
    headersSha256: sha256Hex(canonical(entry.headers)).slice(0, 16),
    reply: entry.reply,
    verdictPath: entry.verdictPath ?? null,
    templateHash,
  }),
  // A second turn travels as the conversation: a body that leaves it out would ask the first turn again.
  validateConfig(entry, { conditions, errorAt }) {
    if (conditions.some((c) => c.followUp) && !/\{\{(messages_json|prompt)\}\}/.test(bodyTemplate(entry)))
      throw errorAt('body', 'the run has second-turn conditions, and this body carries neither {{messages_json}} nor {{prompt}}: the follow-up and the first reply would not reach the critic');
  },
  create(entry, context) {
    const template = bodyTemplate(entry);
    const problem = bodyTemplateProblem(template);
    if (problem) throw context.errorAt('body', problem);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const masked: Record<string, string> = { ...headers };
    for (const [name, value] of Object.entries(entry.headers)) {
      headers[name.toLowerCase()] = value.replace(ENV_REFERENCE, (_, variable: string) => {
        const set = process.env[variable];
        if (!set) throw context.errorAt('headers', `${name}: environment variable ${variable} is not set`);
        return set;
      });
      masked[name.toLowerCase()] = value.replace(ENV_REFERENCE, '***');
    }
    const url = new URL(entry.url);
    const shownURL = `${url.origin}${url.pathname}${url.search ? '?***' : ''}`;
    const transport = new HttpTransport();
    const timeoutMs = entry.timeoutMs ?? context.timeoutMs;
    const fieldError = (key: string, message: string) => context.errorAt(key, message).message;
    // Until one response has held the reply, a missing path is the config's fault, not the review's: stop the run.
    let readOne = false;
    const missing = (key: 'reply' | 'verdictPath', path: string, body: unknown) => {
      const keys = body !== null && typeof body === 'object' ? Object.keys(body).join(', ') || 'none' : `none: the body is ${body === undefined ? 'not JSON' : typeof body}`;
      const message = `${path} is not in the response (its top-level keys: ${keys})`;
      return readOne ? new CriticCallError(message, false) : new CriticCallError(fieldError(key, `${message}; nothing can be read from this critic`), false, { stopsRun: true });
    };
    const critic: Critic = {
      name: context.name,
      identity: http.identity(entry, context),
      rateLimit: entry.rateLimit,
      preview: ({ request, messages }) => ({ method: entry.method, url: shownURL, headers: masked, body: renderBody(template, request, messages) }),
      async review({ request, messages, signal }) {
        const reply = await sendChecked(transport, { method: entry.method, url, headers, body: renderBody(template, request, messages) }, { signal, timeoutMs }, readError);
        const rateLimit = rateLimitFromHeaders(reply.headers);
        const body = entry.reply === '$' && !entry.verdictPath ? undefined : parseJson(reply.body);
        let text = reply.body;
        if (entry.reply !== '$') {
          const value = valueAt(body, entry.reply);
          if (value === undefined || value === null) throw missing('reply', entry.reply, body);
          text = typeof value === 'string' ? value : JSON.stringify(value);
        }
        if (entry.verdictPath) {
          const verdict = valueAt(body, entry.verdictPath);
          if (verdict === undefined) throw missing('verdictPath', entry.verdictPath, body);
          // Read by the pass-fail grammar like any reply; a value other than PASS or FAIL leaves it without a verdict.
          if (typeof verdict === 'string' && /^(pass|fail)$/i.test(verdict.trim())) text = `${text.trimEnd()}\n\nVERDICT: ${verdict.trim().toUpperCase()}`;
        }
        readOne = true;
        return { text, ...(rateLimit ? { rateLimit } : {}) };
      },
    };
    return critic;
  },
};

/** A service's own error body: `{error: {message}}`, `{error: "..."}` or `{message}`; else the text itself. */
function readError(text: string): ErrorBody {
  const body = parseJson(text) as { error?: unknown; message?: unknown } | undefined;
  const error = body?.error;
  const message =
    typeof error === 'string'
      ? error
      : typeof (error as { message?: unknown } | undefined)?.message === 'string'
        ? (error as { message: string }).message
        : typeof body?.message === 'string'
          ? body.message
          : undefined;
  return { message };
}
