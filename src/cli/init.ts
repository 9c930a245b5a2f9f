import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_TEMPLATE_FILE } from '../config/load.js';
import { EXIT, InputError } from '../errors.js';
import { commandFor, shellWord } from './invocation.js';

export const INIT_USAGE = 'critic-audit init [--kind text|code] [--dir DIR]';

type Kind = keyof typeof STARTER_FIXTURES;

/**
 * Writes a starter audit into a folder: a config whose `exec` critic runs as
 * is (an `openai` one beside it, commented out), two example fixtures of the
 * chosen kind, the prompt template and a README snippet. Refuses, writing
 * nothing, when any of those files exists already.
 */
export async function initCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, strict: true, options: { kind: { type: 'string', default: 'text' }, dir: { type: 'string', default: '.' } } });
  const kind = values.kind as Kind;
  if (!Object.hasOwn(STARTER_FIXTURES, kind)) throw new InputError('(command line)', undefined, '--kind', `must be text or code, got "${values.kind}"`);
  const dir = resolve(values.dir!);
  const command = commandFor(dir);
  const files: Record<string, string> = {
    'critic.config.yaml': config(kind),
    'critic.mjs': CRITIC,
    'fixtures/examples.yaml': STARTER_FIXTURES[kind],
    'prompts/critic.md': readFileSync(DEFAULT_TEMPLATE_FILE, 'utf8'),
    'CRITIC-AUDIT.md': readmeSnippet(command),
  };
  const existing = Object.keys(files).filter((file) => existsSync(join(dir, file)));
  if (existing.length) throw new InputError(dir, undefined, undefined, `init writes nothing over existing files; already here: ${existing.join(', ')}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text, { flag: 'wx' });
  }
  const near = relative(process.cwd(), dir);
  const where = near === '' ? '.' : near.startsWith('..') ? dir : near;
  console.log(`wrote ${Object.keys(files).join(', ')} in ${where}`);
  console.log(`next: ${where === '.' ? '' : `cd ${shellWord(where)} && `}${command} run   (see CRITIC-AUDIT.md)`);
  return EXIT.ok;
}

/**
 * The mutators that find a site in each kind's starter fixtures: the default
 * list (every mutator of the kind) holds some that find none there, which
 * `check --strict` rightly refuses.
 */
const STARTER_MUTATORS: Record<Kind, string[]> = {
  text: ['number-flip', 'date-shift', 'negation', 'unit-swap', 'claim-omission', 'claim-insertion'],
  code: ['arithmetic-operator', 'comparison-boundary', 'off-by-one', 'condition-negation'],
};

const config = (kind: Kind) => `# A starter audit written by \`critic-audit init\`. It runs as is: the exec
# critic below is a small script (critic.mjs) standing in for yours.
fixtures: [fixtures]
# The mutators with a site in the example fixtures. Remove this line to use every
# mutator of your fixtures' kind, once your fixtures give each one a site.
mutators: [${STARTER_MUTATORS[kind].join(', ')}]
conditions: [clean, with-trace, prior-pass, prior-fail]
seed: 1
mutantsPerFixture: 12
concurrency: 8
critics:
  - name: starter
    provider: exec
    command: [node, critic.mjs]
    mode: persistent
    prompt: prompts/critic.md
  # Your model critic: uncomment, set the key's variable, and remove the starter.
  # - name: model
  #   provider: openai
  #   model: gpt-4o-mini
  #   apiKeyEnv: OPENAI_API_KEY
  #   temperature: 0
  #   prompt: prompts/critic.md
  #   pricing: {inputPerMillion: 0.15, outputPerMillion: 0.6}
thresholds:
  catchRate: {default: 0.6}
  maxFalseAlarmRate: 0.1
  maxAnchoringDrop: 0.15
`;

const CRITIC = `#!/usr/bin/env node
// A starter critic for \`mode: persistent\`: one JSON line per review on stdin,
// {"id", "request", "messages"}; one line per answer on stdout, {"id", "reply"}.
// Its check is deliberately small: a text artifact fails when it states a number
// no evidence item contains; a code artifact, or a request without evidence (the
// \`blind\` condition leaves it out), passes. Replace it with a call to your own
// critic (the rendered prompt is in \`messages\`).
import { createInterface } from 'node:readline';

const NUMBER = /\\d+(?:\\.\\d+)?/g;

function review(request) {
  const evidence = request.evidence ?? [];
  if (evidence.length === 0) return 'No evidence to check against.\\nVERDICT: PASS\\n';
  const inEvidence = new Set(evidence.flatMap((item) => item.text.match(NUMBER) ?? []));
  const unsupported = [...new Set(request.artifact.match(NUMBER) ?? [])].filter((n) => !inEvidence.has(n));
  if (unsupported.length) return \`Not in the evidence: \${unsupported.join(', ')}.\\nVERDICT: FAIL\\n\`;
  return 'Every number is in the evidence.\\nVERDICT: PASS\\n';
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, request } = JSON.parse(line);
  process.stdout.write(\`\${JSON.stringify({ id, reply: review(request) })}\\n\`);
});
`;

const TEXT_FIXTURES = `# Two known-correct answers, each checked against its evidence. Every sentence
# of an artifact restates the evidence: the mutators corrupt numbers, names and
# qualifiers, and their oracles keep only corruptions the evidence contradicts.
fixtures:
  - id: refund-window
    kind: text
    task: How long do customers of Acme Outdoor have to return an item for a full refund?
    artifact: >
      Customers of Acme Outdoor can return an unused item within 30 days of delivery
      for a full refund. Refunds are paid to the original payment method within
      5 working days of the return arriving at the Leeds warehouse.
    evidence:
      - id: returns-policy
        title: Acme Outdoor returns policy
        text: >
          Customers of Acme Outdoor can return an unused item within 30 days of delivery
          for a full refund. Sale items can only be exchanged, not refunded. Refunds are
          paid to the original payment method within 5 working days of the return
          arriving at the Leeds warehouse. Items returned after 60 days are not accepted.
    trace: >
      Looked up the returns policy; the refund window is 30 days from delivery and
      the refund follows within 5 working days. Verified against the policy text.
  - id: warranty-length
    kind: text
    task: How long is the warranty on an Acme Outdoor tent, and what does it cover?
    artifact: >
      Every Acme Outdoor tent carries a 2 year warranty against manufacturing defects.
      The warranty does not cover damage from storms or misuse.
    evidence:
      - id: warranty
        title: Acme Outdoor warranty terms
        text: >
          Every Acme Outdoor tent carries a 2 year warranty against manufacturing defects.
          Sleeping bags carry a 1 year warranty. The warranty does not cover damage from
          storms or misuse. A tent sent back under the warranty is repaired by the Customer
          Care team in Manchester within 10 working days.
    trace: >
      Read the warranty terms: tents get 2 years against manufacturing defects,
      storms and misuse excluded. Checked, all correct.
`;

const CODE_FIXTURES = `# Two known-correct functions with held-out checks: the critic sees the task
# and the code, never the checks, which decide whether a mutant is really wrong.
fixtures:
  - id: clamp
    kind: code
    language: typescript
    task: |
      /**
       * Limits x to the interval [lo, hi]: returns lo when x < lo, hi when x > hi,
       * and x otherwise.
       * @example clamp(15, 0, 10) // 10
       */
    artifact: |
      export function clamp(x: number, lo: number, hi: number): number {
        if (x < lo) return lo;
        if (x > hi) return hi;
        return x;
      }
    checks:
      - expr: "clamp(-3, 0, 10)"
        equals: 0
      - expr: "clamp(0, 0, 10)"
        equals: 0
      - expr: "clamp(4, 0, 10)"
        equals: 4
      - expr: "clamp(10, 0, 10)"
        equals: 10
      - expr: "clamp(12, 0, 10)"
        equals: 10
    trace: |
      Returned the nearer bound outside the interval and x inside it. Ran the example; it passes.
  - id: sum-positive
    kind: code
    language: typescript
    task: |
      /**
       * The sum of the strictly positive numbers in xs (0 for an empty array).
       * @example sumPositive([3, -1, 2]) // 5
       */
    artifact: |
      export function sumPositive(xs: number[]): number {
        let total = 0;
        for (let i = 0; i < xs.length; i++) {
          if (xs[i] > 0) total += xs[i];
        }
        return total;
      }
    checks:
      - expr: "sumPositive([])"
        equals: 0
      - expr: "sumPositive([4, -1, 2, -8, 6])"
        equals: 12
      - expr: "sumPositive([0, 0, 7])"
        equals: 7
      - expr: "sumPositive([-2, -5])"
        equals: 0
      - expr: "sumPositive([1, 2, 3, 4])"
        equals: 10
    trace: |
      Looped over every element and added the positive ones. Tested the example.
`;

/** The folder's README; `command` starts critic-audit as it was installed (see commandFor). */
/** The example fixtures `--kind` chooses between. */
const STARTER_FIXTURES = { text: TEXT_FIXTURES, code: CODE_FIXTURES };

const readmeSnippet = (command: string) => `## Auditing the critic

This folder holds a critic-audit audit:
known-correct artifacts (\`fixtures/\`) are corrupted in controlled ways and sent to the
critic under sealed and contaminated conditions, to measure what it catches.

\`\`\`sh
${command} run --dry-run   # the plan, the requests as they would be sent, and the cost
${command} run             # the audit: reports/latest/report.md; exit 1 when a gate fails
\`\`\`

- \`critic.config.yaml\`: the critics and thresholds. \`starter\` (\`critic.mjs\`) is a
  placeholder; point an entry at your critic (\`openai\`, \`anthropic\`, \`http\` or \`exec\`).
- \`fixtures/examples.yaml\`: add your own known-correct artifacts beside the two examples.
- \`prompts/critic.md\`: the prompt template a model critic is sent.
`;
