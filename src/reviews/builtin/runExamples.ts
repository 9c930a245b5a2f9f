import { DEFAULT_CLOSE_TOLERANCE, describeOutcome, judge, show } from '../../code/checks.js';
import { runPrograms, type SandboxOptions } from '../../code/sandbox.js';
import { toScript } from '../../code/transpile.js';
import { RecentResults } from '../../util/recentResults.js';
import { sha256Hex } from '../../util/hash.js';
import type { Critic } from '../critic.js';

/** One `@example <expr> // <expected>` line of a docstring; `expected` is a JavaScript literal or `throws`. */
export interface DocExample {
  expr: string;
  expected: string;
}

/** The expression is everything before the last ` // `, so it may itself contain `//` inside a string. */
// The expected value runs to the end of the line, or to the comment's close on a one-line docstring.
const EXAMPLE_LINE = /@example\s+(.*\S)\s+\/\/\s*(.*?\S)\s*(?:\*\/.*)?$/;
const THROWS = /^throws\b/i;

export function parseExamples(task: string): DocExample[] {
  return task.split('\n').flatMap((line) => {
    const match = EXAMPLE_LINE.exec(line);
    return match ? [{ expr: match[1]!, expected: match[2]! }] : [];
  });
}

/**
 * The objective gate of seed 003 for code: runs the examples the task's
 * docstring states against the artifact, in the same sandbox as the label
 * checks, and fails the artifact when it does not parse or an example
 * disagrees. It reads only the request's task and artifact, so held-out checks
 * stay hidden from it, and it passes what its examples cannot tell apart.
 */
export async function runExamples(task: string, artifact: string, options: SandboxOptions = {}): Promise<string> {
  const examples = parseExamples(task);
  if (examples.length === 0) return 'The task states no @example lines, so there is nothing to run.\nVERDICT: PASS';
  const run = await judgeExamples(examples, artifact, options);
  if (run.parseError !== null) return `The artifact does not parse: ${run.parseError}\nVERDICT: FAIL`;
  const disagreements = run.problems.filter((p) => !p.unread);
  const count = `${examples.length} docstring example${examples.length === 1 ? '' : 's'}`;
  const summary = disagreements.length === 0 ? `Ran ${count} against the artifact; none disagrees.` : `Ran ${count} against the artifact; ${disagreements.length} disagree.`;
  return [summary, ...[...disagreements, ...run.problems.filter((p) => p.unread)].map((p) => `- ${p.problem}`), `VERDICT: ${disagreements.length === 0 ? 'PASS' : 'FAIL'}`].join('\n');
}

/** What running examples against an artifact found: a parse error, or per example that disagrees (or whose expected value cannot be read: `unread`) its problem. */
export interface ExampleRun {
  parseError: string | null;
  problems: Array<{ index: number; problem: string; unread: boolean }>;
}

/**
 * The runs of the last few thousand artifacts, by what they ran. The critics
 * that run examples (run-examples, plan-check, review-check) see each artifact
 * under every condition, and a condition changes neither the examples nor
 * the artifact: without this, a default audit ran each function's examples in
 * the sandbox six times. A run in which anything timed out or crashed is not
 * held: that outcome is the machine's, not the artifact's.
 */
const judged = new RecentResults<ExampleRun>(5_000);

/** Runs the examples against the artifact in the sandbox (expected values in a context of their own); shared by run-examples and plan-check. */
export async function judgeExamples(examples: readonly DocExample[], artifact: string, options: SandboxOptions = {}): Promise<ExampleRun> {
  const key = sha256Hex(JSON.stringify([examples, artifact, options.timeoutMs ?? null]));
  const held = judged.peek(key);
  if (held) return held;
  const { run, machineBound } = await runExamplesOnce(examples, artifact, options);
  return machineBound ? run : judged.get(key, () => run);
}

async function runExamplesOnce(examples: readonly DocExample[], artifact: string, options: SandboxOptions): Promise<{ run: ExampleRun; machineBound: boolean }> {
  const script = toScript(artifact);
  if (script.syntaxErrors.length > 0) return { run: { parseError: script.syntaxErrors.join('; '), problems: [] }, machineBound: false };
  const valued = examples.filter((e) => !THROWS.test(e.expected));
  // Expected values are evaluated in a context of their own, so the artifact cannot redefine what they mean.
  const [expectedOutcomes, actualOutcomes] = await runPrograms(
    [
      { source: '', exprs: valued.map((e) => e.expected) },
      { source: script.code, exprs: examples.map((e) => e.expr) },
    ],
    { ...options, concurrency: 1 },
  );
  const problems: ExampleRun['problems'] = [];
  examples.forEach((example, index) => {
    const actual = actualOutcomes![index]!;
    if (THROWS.test(example.expected)) {
      if (!judge({ expr: example.expr, throws: true }, actual).passed)
        problems.push({ index, problem: `\`${example.expr}\`: the docstring says it throws, but it ${describeOutcome(actual)}`, unread: false });
      return;
    }
    const expected = expectedOutcomes![valued.indexOf(example)]!;
    if (expected.kind !== 'value') {
      problems.push({ index, problem: `\`${example.expr}\`: the expected value \`${example.expected}\` cannot be read (it ${describeOutcome(expected)}); not judged`, unread: true });
      return;
    }
    // A float result rarely equals a decimal literal exactly, so numbers get the close-check tolerance.
    if (!judge({ expr: example.expr, equals: expected.value, tolerance: DEFAULT_CLOSE_TOLERANCE }, actual).passed) {
      problems.push({ index, problem: `\`${example.expr}\`: the docstring says ${show(expected.value)}, but it ${describeOutcome(actual)}`, unread: false });
    }
  });
  const machineBound = [...expectedOutcomes!, ...actualOutcomes!].some((o) => o.kind === 'timeout' || o.kind === 'crashed');
  return { run: { parseError: null, problems }, machineBound };
}

export function createRunExamplesCritic(name: string, options: Omit<SandboxOptions, 'signal'> = {}): Critic {
  // It reads only the task and the artifact, so the four conditions of one item share one sandbox run.
  const replies = new Map<string, Promise<string>>();
  return {
    name,
    kinds: ['code'],
    identity: { provider: 'builtin:run-examples', version: 1 },
    async review({ request, signal }) {
      const key = `${request.task}\0${request.artifact}`;
      let reply = replies.get(key);
      if (!reply) {
        reply = runExamples(request.task, request.artifact, { ...options, signal });
        replies.set(key, reply);
        reply.catch(() => replies.delete(key)); // a cut-off run is retried, not remembered
      }
      return { text: await reply };
    },
  };
}
