/**
 * The program each sandbox child runs (passed with `node -e`, so the child
 * needs no file-system read access to start). It reads one job per stdin line,
 * `{id, source, exprs, timeoutMs}`, and answers one stdout line per job,
 * `{id, outcomes}`, in order.
 *
 * Each job gets a fresh vm context whose global object has a null prototype,
 * so untrusted code sees only the ECMAScript built-ins: no require, process,
 * fetch, timers or Buffer, and no host object whose constructor chain leads
 * back to the child's own `Function`. Every script runs under the vm timeout,
 * microtasks included ('afterEvaluate'). Values are returned with the
 * structured-clone serializer so NaN, -0, undefined and nesting survive.
 *
 * Kept as plain JavaScript in a string because the child must run under both
 * tsc's output and vitest's on-the-fly transform; it is small on purpose.
 */
export const CHILD_SOURCE = String.raw`'use strict';
const vm = require('node:vm');
const v8 = require('node:v8');
const { createInterface } = require('node:readline');

function describe(thrown) {
  try {
    if (thrown !== null && typeof thrown === 'object' && 'message' in thrown) return String(thrown.name) + ': ' + String(thrown.message);
    return 'threw ' + String(thrown);
  } catch {
    return 'threw a value that cannot be described';
  }
}

// The timeout error is created in the context's realm, so code there could
// throw a look-alike; that is harmless, as a timeout fails every kind of check.
function isTimeout(error) {
  try {
    return error !== null && typeof error === 'object' && error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
  } catch {
    return false;
  }
}

// The vm has no module loader: without this callback a dynamic import() takes the whole child down after
// its job has answered, and the next job on it (another review's) reports the crash. With it, import() rejects.
function refuseImport() {
  throw new Error('the sandbox loads no modules');
}

function run(context, code, timeoutMs) {
  let value;
  try {
    value = new vm.Script(code, { filename: 'sandbox.js', importModuleDynamically: refuseImport }).runInContext(context, { timeout: timeoutMs });
  } catch (error) {
    if (isTimeout(error)) return { kind: 'timeout' };
    return { kind: 'threw', message: describe(error).slice(0, 500) };
  }
  try {
    return { kind: 'value', data: v8.serialize(value).toString('base64') };
  } catch {
    return { kind: 'unserializable', type: typeof value };
  }
}

function runJob(job) {
  const context = vm.createContext(Object.create(null), {
    codeGeneration: { strings: true, wasm: false },
    microtaskMode: 'afterEvaluate',
  });
  const setup = run(context, job.source, job.timeoutMs);
  if (setup.kind === 'threw' || setup.kind === 'timeout') return job.exprs.map(() => setup);
  const outcomes = [];
  for (const expr of job.exprs) {
    // After a timeout the context may be left half-updated, and each further
    // hang would cost another full timeout: the remaining expressions are skipped.
    if (outcomes.some((o) => o.kind === 'timeout')) outcomes.push({ kind: 'skipped' });
    else outcomes.push(run(context, '(\n' + expr + '\n)', job.timeoutMs));
  }
  return outcomes;
}

// A promise the sandboxed code rejects and leaves unhandled would end the child (Node's default) after its job
// has answered, and the next job on it would report the crash: it is the code's own business, not the child's.
process.on('unhandledRejection', () => {});

createInterface({ input: process.stdin }).on('line', (line) => {
  const job = JSON.parse(line);
  process.stdout.write(JSON.stringify({ id: job.id, outcomes: runJob(job) }) + '\n');
});
`;
