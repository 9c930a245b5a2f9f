import { z } from 'zod';
import { describeOutcome } from '../../code/checks.js';
import { runPrograms } from '../../code/sandbox.js';
import { toScript } from '../../code/transpile.js';
import { tool } from './tool.js';

/** Most characters of a run's output the critic is given. */
export const RUN_OUTPUT_CHARS = 2_000;
/** Time limit of one expression, in milliseconds (the label checks' own). */
const RUN_TIMEOUT_MS = 1_000;

/**
 * run_code(expression): evaluates an expression against the artifact under
 * review (the original or the mutant the critic was sent) in the sandbox the
 * held-out checks run in: a fresh vm context in a child with no file system,
 * no environment and no network, loaded with the artifact alone, so the
 * checks are nowhere it can reach. Its output is cut to RUN_OUTPUT_CHARS.
 */
export const runCode = tool<{ expression: string }>({
  name: 'run_code',
  description:
    "Evaluates a JavaScript expression against the artifact under review (its functions are globals), in a sandbox, and returns what it returned or threw, e.g. run_code('median([3, 1, 2])').",
  input: z.strictObject({ expression: z.string().min(1).max(2_000).describe('A JavaScript expression calling the artifact’s functions.') }),
  verifies: 'artifact',
  offered: (offer) => offer.code,
  async run({ expression }, { artifact, signal }) {
    const script = toScript(artifact);
    if (script.syntaxErrors.length) return { content: bounded(`the artifact does not parse: ${script.syntaxErrors.join('; ')}`) };
    const [[outcome]] = (await runPrograms([{ source: script.code, exprs: [expression] }], { timeoutMs: RUN_TIMEOUT_MS, concurrency: 1, signal })) as [[Parameters<typeof describeOutcome>[0]]];
    return { content: bounded(describeOutcome(outcome)) };
  },
});

const bounded = (text: string) => (text.length > RUN_OUTPUT_CHARS ? `${text.slice(0, RUN_OUTPUT_CHARS)}… (cut at ${RUN_OUTPUT_CHARS} characters)` : text);
