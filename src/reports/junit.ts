import type { Gate } from '../gates/gate.js';
import type { AuditReport } from './types.js';
import { junitProperties, memberReading, runJunitCases } from '../measures/index.js';
import type { JunitCase } from '../measures/measure.js';
import { groupBy } from '../util/groupBy.js';

/**
 * JUnit XML for CI test tabs: one test suite per critic and one test case per
 * gate; a failed gate is a <failure> carrying its numbers, a gate with no
 * data a <failure> saying "no data: why" when it fails the run, else a
 * <skipped/>. A run-level suite holds whether the run completed and stayed
 * inside its error budget; after the critics, a suite per critic of the
 * independence evals (a failed row a <failure>, one not applicable <skipped/>).
 */
export function renderJunit(report: AuditReport): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  const runCases = [
    testCase('critic-audit', 'run.complete', report.complete ? null : { message: `the run stopped early: ${report.stopReason ?? 'unknown reason'}`, body: '' }),
    testCase(
      'critic-audit',
      'errorBudget',
      report.errorBudget.exceeded
        ? {
            message: `error rate ${fmt(report.errorBudget.errorRate)} above the budget ${report.errorBudget.budget}`,
            body: `value=${fmt(report.errorBudget.errorRate)} threshold=${report.errorBudget.budget}`,
          }
        : null,
    ),
  ];
  const runFailures = Number(!report.complete) + Number(report.errorBudget.exceeded);
  suites.push(suite('critic-audit', runCases, runFailures, 0, report.createdAt));
  tests += runCases.length;
  failures += runFailures;
  for (const [name, critic] of Object.entries(report.critics)) {
    const classname = `critic-audit.${name}`;
    const cases = critic.gates.map((g) => testCase(classname, g.name, g.pass ? null : gateFailure(g), g));
    const failed = critic.gates.filter((g) => !g.pass).length;
    const warned = critic.gates.filter((g) => g.pass && g.status === 'no-data').length;
    suites.push(suite(classname, cases, failed, warned, report.createdAt, junitProperties(critic)));
    tests += cases.length;
    failures += failed;
    skipped += warned;
  }
  // The run-level measures' cases (the independence evals), a suite each: a failed one is a <failure>, one that does not apply <skipped/>; the exit code follows the gates only.
  const bySuite = groupBy(runJunitCases(report), (c) => c.suite);
  for (const [name, cases] of bySuite) {
    const failed = cases.filter((c) => c.result === 'fail').length;
    const notApplicable = cases.filter((c) => c.result === 'skipped').length;
    suites.push(suite(name, cases.map(measureCase), failed, notApplicable, report.createdAt));
    tests += cases.length;
    failures += failed;
    skipped += notApplicable;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="critic-audit" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}">\n${suites.join('\n')}\n</testsuites>\n`;
}

function suite(name: string, cases: string[], failures: number, skipped: number, timestamp: string, properties: Record<string, string> = {}): string {
  const props = Object.entries(properties);
  const head = props.length ? `    <properties>\n${props.map(([k, v]) => `      <property name="${xml(k)}" value="${xml(v)}"/>`).join('\n')}\n    </properties>\n` : '';
  return `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${xml(timestamp)}">\n${head}${cases.join('\n')}\n  </testsuite>`;
}

function testCase(classname: string, name: string, failure: { message: string; body: string } | null, gate?: Gate): string {
  const open = `    <testcase classname="${xml(classname)}" name="${xml(name)}" time="0"`;
  const out = gate ? `\n      <system-out>${xml(gateNumbers(gate))}</system-out>` : '';
  if (failure) return `${open}>\n      <failure message="${xml(failure.message)}" type="gate">${xml(failure.body)}</failure>${out}\n    </testcase>`;
  if (gate?.status === 'no-data') return `${open}>\n      <skipped message="${xml(`no data: ${gate.detail ?? ''}`)}"/>${out}\n    </testcase>`;
  return gate ? `${open}>${out}\n    </testcase>` : `${open}/>`;
}

/** A run-level measure's test case: its failure or skip with its message, and what it read as system-out. */
function measureCase(c: JunitCase): string {
  const open = `    <testcase classname="${xml(c.suite)}" name="${xml(c.name)}" time="0">`;
  const out = `\n      <system-out>${xml(c.out)}</system-out>`;
  const verdict =
    c.result === 'fail' ? `\n      <failure message="${xml(c.message)}" type="independence">${xml(c.out)}</failure>` : c.result === 'skipped' ? `\n      <skipped message="${xml(c.message)}"/>` : '';
  return `${open}${verdict}${out}\n    </testcase>`;
}

/** Gates named max* hold when the value is at most the threshold; every other gate when it is at least. */
function gateFailure(g: Gate): { message: string; body: string } {
  if (g.value === null) return { message: `${g.name}: no data: ${g.detail ?? 'nothing to measure'}`, body: gateNumbers(g) };
  // A gate its member reads in words (a regression's row, its change, interval and Holm p, against alpha and the margin).
  const reading = memberReading(g);
  if (reading) return { message: `${g.name}: ${reading.value}, against the threshold ${reading.threshold}${g.detail ? ` (${g.detail})` : ''}`, body: gateNumbers(g) };
  const side = g.name.startsWith('max') ? 'above' : 'below';
  const threshold = g.band?.break ?? g.threshold;
  return { message: `${g.name}: ${fmt(g.value)} is ${side} the threshold ${threshold}${g.detail ? ` (${g.detail})` : ''}`, body: gateNumbers(g) };
}

function gateNumbers(g: Gate): string {
  const parts = [`value=${g.value === null ? 'none' : fmt(g.value)}`, `threshold=${g.threshold}`, `pass=${g.pass}`];
  if (g.status) parts.push(`status=${g.status}`);
  if (g.estimate !== undefined) parts.push(`estimate=${fmt(g.estimate)}`);
  if (g.band) parts.push(`high=${g.band.high}`, `low=${g.band.low}`, `break=${g.band.break ?? 'none'}`);
  parts.push(...(memberReading(g)?.numbers ?? []));
  if (g.detail) parts.push(`detail=${g.detail}`);
  return parts.join(' ');
}

const fmt = (x: number) => x.toFixed(4);

/** Escapes text for an XML attribute or element, dropping characters XML 1.0 cannot carry. */
export function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
