/**
 * Runs action.yml's run steps on a fresh clone, the install step (npm ci)
 * included, against the starter audit `critic-audit init` writes, as a
 * workflow would (issue 28, item 3; test/package/action.spec.ts runs the
 * same steps on the built checkout, without the install). The `uses:` steps
 * (setup-node, upload-artifact) run on GitHub only: they are listed with what
 * they would be given.
 *
 *   npx tsc -p tsconfig.json && node dist/scripts/try-action.js [REPO]   (default: this checkout)
 *
 * Prints each step's outcome and output, the step summary and the outputs;
 * exits with the code GitHub would give the action.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';
import { readAction, runLocally } from '../test/support/compositeAction.js';

const repo = process.argv[2] ?? PACKAGE_ROOT;
const work = mkdtempSync(join(tmpdir(), 'critic-audit-try-action-'));
const actionPath = join(work, 'action');
execFileSync('git', ['clone', '--quiet', repo, actionPath], { stdio: 'inherit' });
const workspace = join(work, 'workspace');
await main(['init', '--dir', workspace]);

const run = runLocally(readAction(join(actionPath, 'action.yml')), { actionPath, workspace, inputs: { arguments: '--no-cache' } });
for (const step of run.steps) {
  console.log(`\n== ${step.name}: ${step.outcome}${step.exitCode !== undefined ? ` (exit ${step.exitCode})` : ''}${step.reason ? ` (${step.reason})` : ''}`);
  if (step.with) console.log(`   with: ${JSON.stringify(step.with)}`);
  if (step.output) console.log(step.output.trimEnd());
}
console.log(`\n== $GITHUB_STEP_SUMMARY\n${run.summary}`);
console.log(`== outputs: ${JSON.stringify(run.outputs)}`);
console.log(`== the action exits ${run.exitCode} (in ${work})`);
process.exitCode = run.exitCode;
