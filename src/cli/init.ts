import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_TEMPLATE_FILE } from '../config/load.js';
import { EXIT, InputError } from '../errors.js';
import { ALL_FIXTURE_KINDS } from '../fixtures/kinds/index.js';
import type { StarterAudit } from '../fixtures/kinds/kind.js';
import { commandFor, shellWord } from './invocation.js';

/** The kinds `--kind` chooses between: those with a starter audit. */
const STARTERS = new Map<string, StarterAudit>(ALL_FIXTURE_KINDS.flatMap((kind) => (kind.starter ? [[kind.name, kind.starter] as const] : [])));

export const INIT_USAGE = `critic-audit init [--kind ${[...STARTERS.keys()].join('|')}] [--dir DIR]`;

/**
 * Writes a starter audit into a folder: a config whose `exec` critic runs as
 * is (an `openai` one beside it, commented out), two example fixtures of the
 * chosen kind, the prompt template and a README snippet. Refuses, writing
 * nothing, when any of those files exists already.
 */
export async function initCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, strict: true, options: { kind: { type: 'string', default: 'text' }, dir: { type: 'string', default: '.' } } });
  const starter = STARTERS.get(values.kind!);
  if (!starter) throw new InputError('(command line)', undefined, '--kind', `must be ${[...STARTERS.keys()].join(' or ')}, got "${values.kind}"`);
  const dir = resolve(values.dir!);
  const command = commandFor(dir);
  const files: Record<string, string> = {
    'critic.config.yaml': config(starter),
    'critic.mjs': CRITIC,
    'fixtures/examples.yaml': starter.fixtures,
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

const config = (starter: StarterAudit) => `# A starter audit written by \`critic-audit init\`. It runs as is: the exec
# critic below is a small script (critic.mjs) standing in for yours.
fixtures: [fixtures]
# The mutators with a site in the example fixtures. Remove this line to use every
# mutator of your fixtures' kind, once your fixtures give each one a site.
mutators: [${starter.mutators.join(', ')}]
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

/** The folder's README; `command` starts critic-audit as it was installed (see commandFor). */
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
