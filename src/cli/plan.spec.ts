import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';
import { plan } from './plan.js';

let stdout: string[];
let stderr: string[];
beforeEach(() => {
  stdout = [];
  stderr = [];
  vi.spyOn(console, 'log').mockImplementation((...args) => void stdout.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args) => void stderr.push(args.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

describe('plan', () => {
  it("reproduces seed 000's worked numbers with exact normal quantiles", () => {
    const a = plan(0.25, 0.15);
    expect(a.n).toBe(85);
    expect(a.exact).toBeCloseTo(84.81, 2);
    expect(a.zAlpha).toBeCloseTo(1.959964, 6);
    expect(a.zPower).toBeCloseTo(0.841621, 6);
    const b = plan(0.1, 0.05);
    expect(b.n).toBe(312);
    expect(b.exact).toBeCloseTo(311.59, 2);
  });

  it('grows with a stricter alpha and a higher power, and reports the detectable effect for a given n', () => {
    expect(plan(0.25, 0.15, 0.01).n).toBeGreaterThan(85);
    expect(plan(0.25, 0.15, 0.05, 0.9).n).toBeGreaterThan(85);
    const detectable = plan(0.25, 0.15, 0.05, 0.8, 85).detectableWith!.delta!;
    expect(detectable).toBeLessThan(0.15);
    expect(detectable).toBeGreaterThan(0.149);
  });

  it('prints the number of paired items from the command line', async () => {
    expect(await main(['plan', '--psi', '0.25', '--delta', '0.15'])).toBe(0);
    expect(stdout.join('\n')).toMatch(/^Paired items needed: 85\n/);
    expect(await main(['plan', '--psi', '0.10', '--delta', '0.05', '--alpha', '0.05', '--power', '0.8', '--json'])).toBe(0);
    expect(JSON.parse(stdout.at(-1)!)).toMatchObject({ n: 312, psi: 0.1, delta: 0.05 });
  });

  it.each([
    [['--delta', '0.15'], /--psi.*missing/],
    [['--psi', 'x', '--delta', '0.15'], /--psi.*must be/],
    [['--psi', '0.1', '--delta', '0.2'], /cannot exceed psi/],
    [['--psi', '0.25', '--delta', '0.15', '--power', '1'], /--power/],
    [['--psi', '0.25', '--delta', '0.15', '--bogus'], /bogus/],
  ])('exits 2 on bad input %j', async (args, message) => {
    expect(await main(['plan', ...args])).toBe(2);
    expect(stderr.join('\n')).toMatch(message);
  });
});
