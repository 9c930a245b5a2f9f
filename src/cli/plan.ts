import { parseArgs } from 'node:util';
import { EXIT, InputError } from '../errors.js';
import { normalQuantile } from '../statistics/normal.js';
import { minimumDetectableEffect, pairedSampleSize } from '../statistics/power.js';

export const PLAN_USAGE = 'critic-audit plan --psi P --delta D [--alpha 0.05] [--power 0.8] [--n N] [--json]';

export interface Plan {
  psi: number;
  delta: number;
  alpha: number;
  power: number;
  /** Paired items needed, rounded up. */
  n: number;
  /** The formula's value before rounding. */
  exact: number;
  zAlpha: number;
  zPower: number;
  /** With --n: the smallest effect that many paired items detect (null: none is detectable). */
  detectableWith?: { n: number; delta: number | null };
}

/**
 * Seed 000's sample size for a paired (McNemar) comparison, with exact normal
 * quantiles: n = (z_{1−α/2}·√ψ + z_power·√(ψ − δ²))² / δ², where ψ is the
 * share of discordant items and δ the difference in detection rate to detect.
 */
export function plan(psi: number, delta: number, alpha = 0.05, power = 0.8, items?: number): Plan {
  const { n, exact } = pairedSampleSize({ psi, delta, alpha, power });
  const result: Plan = { psi, delta, alpha, power, n, exact, zAlpha: normalQuantile(1 - alpha / 2), zPower: normalQuantile(power) };
  if (items !== undefined) {
    const mde = minimumDetectableEffect({ n: items, psi, alpha, power });
    result.detectableWith = { n: items, delta: Number.isFinite(mde) ? mde : null };
  }
  return result;
}

export function renderPlan(p: Plan): string {
  const lines = [
    `Paired items needed: ${p.n}`,
    `  n = (z_{1-α/2}·√ψ + z_power·√(ψ − δ²))² / δ²`,
    `    = (${p.zAlpha.toFixed(5)}·√${p.psi} + ${p.zPower.toFixed(5)}·√(${p.psi} − ${p.delta}²))² / ${p.delta}² = ${p.exact.toFixed(2)}, rounded up`,
    `  ψ = ${p.psi} (share of items whose verdict differs between the two conditions), δ = ${p.delta} (difference in detection rate to detect),`,
    `  α = ${p.alpha} two-sided, power ${p.power}`,
  ];
  if (p.detectableWith) {
    const d = p.detectableWith;
    lines.push(
      d.delta === null
        ? `With ${d.n} paired items no effect is detectable at this ψ, α and power.`
        : `With ${d.n} paired items the smallest detectable difference is ${d.delta.toFixed(4)} (${(100 * d.delta).toFixed(1)} points).`,
    );
  }
  return lines.join('\n');
}

export async function planCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      psi: { type: 'string' },
      delta: { type: 'string' },
      alpha: { type: 'string', default: '0.05' },
      power: { type: 'string', default: '0.8' },
      n: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const number = (name: 'psi' | 'delta' | 'alpha' | 'power' | 'n', check: (x: number) => boolean, what: string): number => {
    const text = values[name];
    if (text === undefined) throw new InputError('(command line)', undefined, `--${name}`, `missing; usage: ${PLAN_USAGE}`);
    const x = Number(text);
    if (text.trim() === '' || !Number.isFinite(x) || !check(x)) throw new InputError('(command line)', undefined, `--${name}`, `must be ${what}, got "${text}"`);
    return x;
  };
  const psi = number('psi', (x) => x > 0 && x <= 1, 'a share of discordant items in (0, 1]');
  const delta = number('delta', (x) => x > 0 && x <= 1, 'a difference in detection rate in (0, 1]');
  const alpha = number('alpha', (x) => x > 0 && x < 1, 'in (0, 1)');
  const power = number('power', (x) => x >= 0.5 && x < 1, 'in [0.5, 1)');
  const items = values.n === undefined ? undefined : number('n', (x) => Number.isInteger(x) && x > 0, 'a positive whole number of paired items');
  let result: Plan;
  try {
    result = plan(psi, delta, alpha, power, items);
  } catch (err) {
    if (err instanceof RangeError) throw new InputError('(command line)', undefined, '--delta', err.message.replace(/^\w+: /, ''));
    throw err;
  }
  console.log(values.json ? JSON.stringify(result, null, 2) : renderPlan(result));
  return EXIT.ok;
}
