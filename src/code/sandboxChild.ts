/**
 * The step counter a counted script (transpile.ts's toCountedScript) calls
 * once per loop iteration and function call. Defined by the child, in the
 * context's own realm, only for programs run with step limits.
 */
export const STEP_FUNCTION = '__criticAuditStep_5f3c__';

/**
 * The program each sandbox child runs (passed with `node -e`, so the child
 * needs no file-system read access to start). It reads one job per stdin line,
 * `{id, source, exprs, timeoutMs, stepLimits?}`, and answers one stdout line
 * per job, `{id, outcomes}`, in order.
 *
 * Each job gets a fresh vm context whose global object has a null prototype,
 * so untrusted code sees only the ECMAScript built-ins: no require, process,
 * fetch, timers or Buffer, and no host object whose constructor chain leads
 * back to the child's own `Function`. Every script runs under the vm timeout,
 * microtasks included ('afterEvaluate'). Values are returned with the
 * structured-clone serializer so NaN, -0, undefined and nesting survive.
 *
 * With `stepLimits` (one per expression, null for none), the context gets a
 * step counter (STEP_FUNCTION) before the program's script runs, and every
 * outcome reports the steps it used. An expression whose steps pass its limit
 * is a 'step-limit' outcome (the script itself runs under the largest
 * limit). The counter's state lives in a closure made in the context's realm
 * (a function from the child's realm would lead back to its `Function`), and
 * the counter is a script-scope `const`: assigning to it throws (in sloppy
 * code too), redeclaring it at top level is a SyntaxError, it cannot be
 * deleted and is no property of `globalThis`, and nothing the script can
 * reach resets the count. Once past its limit the counter throws at every call, so code that catches
 * the first throw cannot carry on looping, and the limit was passed whatever
 * the expression returns. What it cannot stop: a local binding of the same
 * name shadowing the counter in the script's own scopes (the name is chosen
 * not to clash by accident), and work no counted loop or call does (a long
 * built-in call such as a huge `Array.fill`): the time limit covers those.
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

// Runs in the context. The counter is a script-scope \`const\`, not a property of the global object: a vm context's
// global goes through interceptors on every lookup, which made each step ten times dearer. Its state is in the closure;
// the control object reaches the child through a global property deleted before any other code runs.
const STEP_COUNTER = 'const ${STEP_FUNCTION} = (function () {' +
  '  let used = 0, limit = Infinity, passed = false;' +
  '  const control = { start(newLimit) { used = 0; limit = newLimit; passed = false; }, used() { return used; }, passed() { return passed; } };' +
  '  Object.defineProperty(globalThis, "${STEP_FUNCTION}control", { value: control, configurable: true });' +
  '  return function () { if (passed || ++used > limit) { passed = true; throw new RangeError("step limit passed"); } };' +
  '})();';

function installStepCounter(context) {
  vm.runInContext(STEP_COUNTER, context);
  const counter = context['${STEP_FUNCTION}control'];
  delete context['${STEP_FUNCTION}control'];
  return counter;
}

// Runs one script under a step limit (null: counted, not limited); what the counter says overrides what the script did.
function runCounted(context, counter, code, timeoutMs, limit) {
  counter.start(limit === null ? Infinity : limit);
  const outcome = run(context, code, timeoutMs);
  const steps = counter.used();
  if (counter.passed()) return { kind: 'step-limit', limit, steps };
  return Object.assign(outcome, { steps });
}

function runJob(job) {
  const context = vm.createContext(Object.create(null), {
    codeGeneration: { strings: true, wasm: false },
    microtaskMode: 'afterEvaluate',
  });
  const counter = job.stepLimits ? installStepCounter(context) : undefined;
  const runOne = (code, limit) => (counter ? runCounted(context, counter, code, job.timeoutMs, limit) : run(context, code, job.timeoutMs));
  const limits = job.stepLimits ?? [];
  const setupLimit = limits.length === 0 || limits.includes(null) ? null : Math.max(...limits);
  const setup = runOne(job.source, setupLimit);
  if (setup.kind === 'threw' || setup.kind === 'timeout' || setup.kind === 'step-limit') return job.exprs.map(() => setup);
  const outcomes = [];
  job.exprs.forEach((expr, i) => {
    // After a timeout the context may be left half-updated, and each further
    // hang would cost another full timeout: the remaining expressions are skipped.
    if (outcomes.some((o) => o.kind === 'timeout' || o.kind === 'step-limit')) outcomes.push({ kind: 'skipped' });
    else outcomes.push(runOne('(\n' + expr + '\n)', limits[i] ?? null));
  });
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
