import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';
import { LEAVE_FIXTURE_YAML } from '../../test/support/textFixture.js';

let dir: string;
let stderr: string[];

const FIXTURE = `${LEAVE_FIXTURE_YAML}    trace: Confirmed in the handbook.\n`;

/** An exec critic that leaves a marker file when it is ever called: proof that nothing was sent. */
function config(extra = '', fixturesPath = 'suite'): string {
  return `fixtures: [${fixturesPath}]
critics:
  - name: spy
    provider: exec
    command: [${JSON.stringify(process.execPath)}, -e, "require('fs').writeFileSync('called', 'x'); console.log('VERDICT: PASS')"]
${extra}`;
}

async function run(configText: string, fixtureText = FIXTURE): Promise<number> {
  writeFileSync(join(dir, 'suite', 'a.yaml'), fixtureText);
  writeFileSync(join(dir, 'critic.config.yaml'), configText);
  return main(['run', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'out')]);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'critic-audit-config-'));
  mkdirSync(join(dir, 'suite'));
  stderr = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void stderr.push(args.join(' ')));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(process, 'cwd').mockReturnValue(dir);
});
afterEach(() => vi.restoreAllMocks());

describe('bad config or fixtures exit 2, name file, line and field, and send nothing', () => {
  it.each([
    ['an unknown config key', config('colour: blue'), FIXTURE, /critic\.config\.yaml:6 \(colour\): unknown key "colour"/],
    ['a wrong type', config('seed: seven'), FIXTURE, /critic\.config\.yaml:6 \(seed\): .*number/],
    ['an unknown critic key', config().replace('provider: exec', 'provider: exec\n    temprature: 0.2'), FIXTURE, /critic\.config\.yaml:5 \(critics\[0\]\.temprature\): unknown key/],
    [
      'an unknown verdict grammar',
      config().replace('provider: exec', 'provider: exec\n    verdict: yes-no'),
      FIXTURE,
      /critic\.config\.yaml:5 \(critics\[0\]\.verdict\): verdict must be one of pass-fail, claims, agree-disagree, accepted-issues$/m,
    ],
    [
      'structuredOutput on a provider that cannot send it',
      config().replace('provider: exec', 'provider: exec\n    verdict: claims\n    structuredOutput: true'),
      FIXTURE,
      /critic\.config\.yaml:6 \(critics\[0\]\.structuredOutput\): unknown key "structuredOutput"/,
    ],
    [
      'structuredOutput with a grammar that has no JSON schema',
      'fixtures: [suite]\ncritic:\n  provider: openai\n  model: m\n  structuredOutput: true\n',
      FIXTURE,
      /critic\.config\.yaml:5 \(critic\.structuredOutput\): the pass-fail grammar has no JSON schema/,
    ],
    [
      'notFound on a critic that does not answer per claim',
      config().replace('provider: exec', 'provider: exec\n    notFound: neutral'),
      FIXTURE,
      /critic\.config\.yaml:\d+ \(critics\[0\]\.notFound\): notFound applies to per-claim verdicts only/,
    ],
    [
      'a per-claim verdict on a built-in that cannot answer per claim',
      'fixtures: [suite]\ncritic:\n  provider: builtin:trace-trusting\n  verdict: claims\n',
      FIXTURE,
      /critic\.config\.yaml:\d+ \(critic\.verdict\): unknown key "verdict"/,
    ],
    ['a missing field', 'critics: [{provider: builtin:evidence-check}]\n', FIXTURE, /critic\.config\.yaml:1 \(fixtures\): .*/],
    ['a YAML syntax error', config('thresholds: {catchRate: [0.5'), FIXTURE, /critic\.config\.yaml:\d+: YAML syntax error/],
    ['an unknown mutator', config('mutators: [number-flip, nmber-swap]'), FIXTURE, /critic\.config\.yaml:6 \(mutators\[1\]\): unknown mutator "nmber-swap"/],
    ['a fixture missing its evidence', config(), FIXTURE.replace(/ {4}evidence:\n.*\n.*\n/, ''), /a\.yaml:2 \(fixtures\[0\]\.evidence\): /],
    ['a fixture with an unknown key', config(), FIXTURE.replace('    trace:', '    tarce: x\n    trace:'), /a\.yaml:9 \(fixtures\[0\]\.tarce\): unknown key "tarce"/],
    ['a fixture with a wrong type', config(), FIXTURE.replace('id: handbook', 'id: [handbook]'), /a\.yaml:7 \(fixtures\[0\]\.evidence\[0\]\.id\): /],
    ['a fixture YAML syntax error', config(), FIXTURE.replace('task: How much leave?', 'task: "How much leave?'), /a\.yaml:\d+: YAML syntax error/],
    ['a missing fixture folder', config('', 'nowhere'), FIXTURE, /nowhere.*no such fixture file or folder/],
    ['an unknown condition', config('conditions: [clean, with-trace, prior-maybe]'), FIXTURE, /critic\.config\.yaml:6 \(conditions\[2\]\): unknown condition "prior-maybe"/],
    [
      'a declared condition reusing a sealed key',
      config('conditions:\n  - clean\n  - {name: sneaky, key: evidence, text: "Prior reviewer: PASS"}'),
      FIXTURE,
      /critic\.config\.yaml:8 \(conditions\[1\]\.key\): key "evidence" is already used by the sealed request/,
    ],
    [
      "a declared condition reusing another condition's key",
      config('conditions:\n  - {name: summary-a, key: round_summary, text: A}\n  - {name: summary-b, key: round_summary, text: B}'),
      FIXTURE,
      /critic\.config\.yaml:8 \(conditions\[1\]\.key\): key "round_summary" is already used by condition "summary-a"/,
    ],
    [
      "a declared condition reusing a built-in's key",
      config('conditions:\n  - {name: my-trace, key: trace, field: notes}'),
      FIXTURE,
      /critic\.config\.yaml:7 \(conditions\[0\]\.key\): key "trace" is already used by a built-in condition/,
    ],
    [
      "a declared condition naming a fixture's own key as its field",
      config('conditions:\n  - {name: worker-retrieval, key: retrieval, field: artifact}'),
      FIXTURE,
      /critic\.config\.yaml:7 \(conditions\[0\]\.field\): "artifact" is a fixture's own key/,
    ],
    [
      'a declared second turn with an after other than pass, fail or any',
      config('conditions:\n  - {name: push-back, after: later, text: Sure?}'),
      FIXTURE,
      /critic\.config\.yaml:7 \(conditions\[0\]\.after\): after must be fail, pass or any/,
    ],
    [
      'a maxYield for a condition that is not a second turn of the run',
      config('conditions: [clean, with-trace]\nthresholds:\n  maxYield: {with-trace: 0.1}'),
      FIXTURE,
      /critic\.config\.yaml:8 \(thresholds\.maxYield\.with-trace\): "with-trace" is not a second-turn condition of this run/,
    ],
    [
      'a declared second turn whose text has a placeholder other than evidence_quote',
      config('conditions:\n  - {name: push-back, after: fail, text: "Are you sure about {{nonsense}}?"}'),
      FIXTURE,
      /critic\.config\.yaml:7 \(conditions\[0\]\.text\): a follow-up can use only \{\{evidence_quote\}\}/,
    ],
    [
      'a declared condition with neither text nor field',
      config('conditions:\n  - {name: summary, key: round_summary}'),
      FIXTURE,
      /critic\.config\.yaml:7 \(conditions\[0\]\): give "text" \(fixed text\), "field" \(a fixture field\), or both/,
    ],
    [
      'a fixture whose declared field is not text',
      config('conditions:\n  - {name: worker-retrieval, key: retrieval, field: retrieval}'),
      `${FIXTURE}    retrieval: [a, b]\n`,
      /a\.yaml:10 \(fixtures\[0\]\.retrieval\): "retrieval" \(a field a declared condition adds\) must be non-empty text/,
    ],
    [
      'a review audit without a critic of reviews',
      config('reviewAudits: {from: [suite]}'),
      FIXTURE,
      /critic\.config\.yaml:6 \(reviewAudits\): a review audit needs a critic of reviews: give one critic `verdict: agree-disagree`/,
    ],
    [
      'a review audit naming an artifact mutator among its review mutators',
      config('reviewAudits: {from: [suite], mutators: [drop-flag, number-flip]}'),
      FIXTURE,
      /critic\.config\.yaml:6 \(reviewAudits\.mutators\[1\]\): "number-flip" mutates text artifacts, not reviews/,
    ],
    [
      'a review audit from a folder the audit does not load',
      config('reviewAudits: {from: [elsewhere]}').replace('provider: exec', 'provider: exec\n    verdict: agree-disagree'),
      FIXTURE,
      /critic\.config\.yaml:7 \(reviewAudits\.from\[0\]\): names none of the audit's fixtures/,
    ],
    [
      'a maxFalseConsensus for a mutator that is not a review mutator',
      config('thresholds:\n  maxFalseConsensus: {number-flip: 0.1}'),
      FIXTURE,
      /critic\.config\.yaml:7 \(thresholds\.maxFalseConsensus\.number-flip\): "number-flip" is not a review mutator/,
    ],
    // An empty map configures a gate with nothing to gate: refused before anything is sent, not passed (issue 28).
    ...[
      ['catchRate: {}', 'catchRate', 'give a rate for at least one mutator, or for default'],
      ['catchRate: {mode: located}', 'catchRate', 'give a rate for at least one mutator, or for default'],
      ['maxConditionEffect: {}', 'maxConditionEffect', 'name at least one condition, with its largest effect'],
      ['maxConditionEffect: {prior-pass: {}}', 'maxConditionEffect.prior-pass', 'give a rate for at least one mutator, or for default'],
    ].map(([threshold, field, message]): [string, string, string, RegExp] => [
      `an empty map: ${threshold}`,
      config(`conditions: [clean, prior-pass]\nthresholds:\n  ${threshold}`),
      FIXTURE,
      new RegExp(`critic\\.config\\.yaml:8 \\(thresholds\\.${field!.replace('.', '\\.')}\\): ${message}$`, 'm'),
    ]),
    [
      'a maxFalseConsensus with no critic of reviews to gate',
      config('thresholds:\n  maxFalseConsensus: 0.1'),
      FIXTURE,
      /critic\.config\.yaml:7 \(thresholds\.maxFalseConsensus\): maxFalseConsensus gates critics of reviews, and no critic has `verdict: agree-disagree`/,
    ],
    [
      'a review flag on a line the artifact under review does not have',
      config(),
      `${FIXTURE}  - id: r\n    kind: review\n    task: How much leave?\n    artifact: Employees accrue 30 days.\n    review:\n      - line: 4\n        says: wrong figure\n`,
      /a\.yaml:15 \(fixtures\[1\]\.review\[0\]\.line\): line 4 is outside the artifact under review \(1 lines\)/,
    ],
    [
      'a false flag on the sentence a real flag is on',
      config(),
      `${FIXTURE}  - id: r\n    kind: review\n    task: How much leave?\n    artifact: Employees accrue 30 days.\n    review:\n      - {quote: 30 days, says: wrong figure}\n    falseFlags:\n      - {quote: Employees accrue, says: wrong group, refutedBy: Employees accrue}\n`,
      /a\.yaml:17 \(fixtures\[1\]\.falseFlags\[0\]\): a false flag must be about a line or sentence no real flag of the review is on/,
    ],
    [
      'a review flag quoting what the artifact under review does not say',
      config(),
      `${FIXTURE}  - id: r\n    kind: review\n    task: How much leave?\n    artifact: Employees accrue 30 days.\n    review:\n      - quote: 28 days\n        says: wrong figure\n`,
      /a\.yaml:15 \(fixtures\[1\]\.review\[0\]\.quote\): the quote is not in the artifact under review/,
    ],
    [
      'a tools setting out of its values',
      'fixtures: [suite]\ncritic:\n  provider: builtin:evidence-check\n  tools: {evidence: serch}\n',
      FIXTURE,
      /critic\.config\.yaml:4 \(critic\.tools\.evidence\): evidence must be inline or search/,
    ],
    [
      'tools on a provider that takes none',
      'fixtures: [suite]\ncritic:\n  provider: builtin:run-examples\n  tools: {code: run}\n',
      FIXTURE,
      /critic\.config\.yaml:4 \(critic\.tools\): unknown key "tools"/,
    ],
    [
      'tools on a critic sent through a batch API',
      'fixtures: [suite]\ncritic:\n  provider: openai\n  model: m\n  batch: true\n  tools: {evidence: search}\n',
      FIXTURE,
      /critic\.config\.yaml:6 \(critic\.tools\): tools cannot run through a batch API .*: remove batch: true, or the tools/,
    ],
    [
      'an API key variable that is not set',
      'fixtures: [suite]\ncritic:\n  provider: openai\n  model: m\n  apiKeyEnv: CRITIC_AUDIT_TEST_UNSET_KEY\n',
      FIXTURE,
      /critic\.config\.yaml:5 \(critic\.apiKeyEnv\): environment variable CRITIC_AUDIT_TEST_UNSET_KEY is not set/,
    ],
    [
      'loop rounds under 1',
      config('loop: {rounds: 0, falseFixShare: 0.3}'),
      FIXTURE,
      /critic\.config\.yaml:6 \(loop\.rounds\): rounds must be a whole number of at least 1 \(the first review is round 1\)$/m,
    ],
    [
      'loop rounds over the cap',
      config('loop:\n  rounds: 100000'),
      FIXTURE,
      /critic\.config\.yaml:7 \(loop\.rounds\): rounds must be at most 50: each round is one more review of every mutant still rejected/,
    ],
    ['loop rounds not whole', config('loop:\n  rounds: 2.5'), FIXTURE, /critic\.config\.yaml:7 \(loop\.rounds\): rounds must be a whole number of at least 1/],
    ['a falseFixShare over 1', config('loop:\n  rounds: 5\n  falseFixShare: 1.5'), FIXTURE, /critic\.config\.yaml:8 \(loop\.falseFixShare\): falseFixShare must be a share from 0 to 1$/m],
    ['a negative falseFixShare', config('loop: {falseFixShare: -0.1}'), FIXTURE, /critic\.config\.yaml:6 \(loop\.falseFixShare\): falseFixShare must be a share from 0 to 1$/m],
    ['an unknown loop key', config('loop: {rounds: 5, falseFixShares: 0.3}'), FIXTURE, /critic\.config\.yaml:6 \(loop\.falseFixShares\): unknown key "falseFixShares"/],
    [
      "a declared condition on the loop's key",
      config('loop: {rounds: 3}\nconditions: [clean, {name: summary, key: round_summary, text: "All fixed."}]'),
      FIXTURE,
      /critic\.config\.yaml:6 \(loop\): a declared condition uses the key round_summary/,
    ],
  ])('%s', async (_, configText, fixtureText, message) => {
    expect(await run(configText, fixtureText)).toBe(2);
    expect(stderr.join('\n')).toMatch(message);
    expect(existsSync(join(dir, 'called'))).toBe(false);
    expect(existsSync(join(dir, 'out', 'report.json'))).toBe(false);
  });

  it('and a good config (here naming its verdict grammar) does reach the critic (the spy works)', async () => {
    expect(await run(config().replace('provider: exec', 'provider: exec\n    verdict: pass-fail'))).toBe(0);
    expect(existsSync(join(dir, 'called'))).toBe(true);
  });
});

describe('--batch over a critic with tools', () => {
  it("is bad input naming the critic's tools (exit 2): a tool call needs its result before the critic goes on; nothing is sent or written", async () => {
    writeFileSync(join(dir, 'suite', 'a.yaml'), FIXTURE);
    writeFileSync(join(dir, 'critic.config.yaml'), 'fixtures: [suite]\ncritics:\n  - provider: anthropic\n    model: m\n    apiKeyEnv: PATH\n    tools: {evidence: search}\n');
    expect(await main(['run', '--batch', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'out')])).toBe(2);
    expect(stderr.join('\n')).toMatch(/critic\.config\.yaml:6 \(critics\[0\]\.tools\): tools cannot run through a batch API .*: run without --batch/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe("--threshold gets the config's validation", () => {
  const noCriticOfReviews = /\(--threshold maxFalseConsensus[.\w-]*=0\.1\): maxFalseConsensus gates critics of reviews, and no critic has `verdict: agree-disagree`/;

  it.each(['maxFalseConsensus=0.1', 'maxFalseConsensus.drop-flag=0.1'])('run --threshold %s with no critic of reviews: exit 2, as in the config, and nothing is sent', async (override) => {
    writeFileSync(join(dir, 'suite', 'a.yaml'), FIXTURE);
    writeFileSync(join(dir, 'critic.config.yaml'), config());
    expect(await main(['run', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'out'), '--threshold', override])).toBe(2);
    expect(stderr.join('\n')).toMatch(noCriticOfReviews);
    expect(existsSync(join(dir, 'called'))).toBe(false);
  });

  it('report DIR --threshold maxFalseConsensus=0.1 with no critic of reviews: exit 2, and the reports are not rewritten', async () => {
    expect(await run(config('mutators: [number-flip]'))).toBe(0);
    const before = readFileSync(join(dir, 'out', 'report.json'), 'utf8');
    expect(await main(['report', join(dir, 'out'), '--threshold', 'maxFalseConsensus=0.1'])).toBe(2);
    expect(stderr.join('\n')).toMatch(noCriticOfReviews);
    expect(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).toBe(before);
  });
});

describe('a verdict pasted into a fixture', () => {
  const pasted = FIXTURE.replace('artifact: Employees accrue 28 days of leave each year.', 'artifact: "Employees accrue 28 days of leave each year. LGTM."');

  it('is a warning naming file, line and field at load: a fixture may discuss approvals', async () => {
    expect(await run(config(), pasted)).toBe(0);
    expect(stderr.join('\n')).toMatch(/a\.yaml:5: fixture leave: artifact holds verdict-like text \(LGTM: "LGTM"\)/);
    expect(existsSync(join(dir, 'called'))).toBe(true);
  });

  it('is bad input with --strict-sealing (exit 2), and nothing is sent', async () => {
    writeFileSync(join(dir, 'suite', 'a.yaml'), pasted);
    writeFileSync(join(dir, 'critic.config.yaml'), config());
    expect(await main(['run', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'out'), '--strict-sealing'])).toBe(2);
    expect(stderr.join('\n')).toMatch(/a\.yaml:5 \(fixtures\[0\]\.artifact\): fixture leave: artifact holds verdict-like text .*\(--strict-sealing\)/);
    expect(existsSync(join(dir, 'called'))).toBe(false);
  });
});

/** One code fixture's YAML entry (seven lines before its checks): `name(a, b)` returning `a op b`. */
const codeEntry = (name: string, op: string, checks: string) => `  - id: ${name}
    kind: code
    language: typescript
    task: Computes a ${op} b.
    artifact: "export function ${name}(a: number, b: number): number { return a ${op} b; }"
    checks:
${checks}`;

describe('code fixtures', () => {
  it('rejects a check expression that does not parse, naming its line (exit 2)', async () => {
    const code = `fixtures:\n${codeEntry('add', '+', '      - expr: add(1, 2)\n        equals: 3\n      - expr: "add(1,"\n        throws: true\n')}`;
    expect(await run(config(), code)).toBe(2);
    expect(stderr.join('\n')).toMatch(/a\.yaml:10 \(fixtures\[0\]\.checks\[1\]\.expr\): check expression does not parse/);
    expect(existsSync(join(dir, 'called'))).toBe(false);
  });

  it("rejects a fixture whose reference fails a held-out check, naming that check's line (exit 2)", async () => {
    const code = `fixtures:\n${codeEntry('sub', '-', '      - expr: sub(3, 2)\n        equals: 1\n')}${codeEntry('add', '+', '      - expr: add(1, 2)\n        equals: 3\n      - expr: add(2, 2)\n        equals: 5\n')}`;
    expect(await run(config(), code)).toBe(2);
    expect(stderr.join('\n')).toMatch(/a\.yaml:18 \(fixtures\[1\]\.checks\[1\]\): fixture "add": the reference artifact fails the held-out check `add\(2, 2\)`/);
    expect(existsSync(join(dir, 'called'))).toBe(false);
  });
});
