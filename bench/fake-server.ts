/**
 * A zero-latency OpenAI-compatible server in its own process, for benchmarks:
 * the harness and the server must not share one event loop. Prints its base
 * URL on stdout, then serves until killed.
 */
import { startFakeOpenAI } from '../test/support/fakeOpenAI.js';
import { deterministicReply } from '../test/support/auditDir.js';

const server = await startFakeOpenAI((body) => deterministicReply(body), { record: false });
process.stdout.write(`${server.baseURL}\n`);
