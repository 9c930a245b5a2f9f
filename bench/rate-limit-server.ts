/**
 * An OpenAI-compatible server that enforces a rate limit, in its own process,
 * for the pacing bench: `node dist/bench/rate-limit-server.js RPM LATENCY_MS`.
 * The limit is a token bucket holding one second's worth of requests (RPM/60),
 * refilled continuously: OpenAI enforces a per-minute limit over shorter
 * periods like this, so a minute's requests cannot come in one burst. Every
 * answer, 200 or 429, carries `x-ratelimit-limit-requests` (RPM),
 * `-remaining-requests` (what the bucket holds) and `-reset-requests` (until
 * it is full). A 429 comes at once, without retry-after; a review after
 * LATENCY_MS. Prints its base URL, then serves until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const rpm = Number(process.argv[2] ?? 3000);
const latencyMs = Number(process.argv[3] ?? 40);
const capacity = rpm / 60;
const perMs = rpm / 60_000;
let tokens = capacity;
let refilledAt = performance.now();

function take(): boolean {
  const now = performance.now();
  tokens = Math.min(capacity, tokens + (now - refilledAt) * perMs);
  refilledAt = now;
  if (tokens < 1) return false;
  tokens -= 1;
  return true;
}

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const allowed = take();
    const headers = {
      'content-type': 'application/json',
      'x-ratelimit-limit-requests': String(rpm),
      'x-ratelimit-remaining-requests': String(Math.floor(tokens)),
      'x-ratelimit-reset-requests': `${Math.ceil((capacity - tokens) / perMs)}ms`,
    };
    if (!allowed) {
      res.writeHead(429, headers);
      res.end(JSON.stringify({ error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } }));
      return;
    }
    setTimeout(() => {
      res.writeHead(200, headers);
      res.end(
        JSON.stringify({
          id: 'chatcmpl-bench',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Checked.\n\nVERDICT: PASS' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 400, completion_tokens: 8, total_tokens: 408 },
        }),
      );
    }, latencyMs);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1\n`));
