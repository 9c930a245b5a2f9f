import { describe, expect, it } from 'vitest';
import { FingerprintTrack, newFingerprintsState } from './fingerprints.js';
import { DAY } from './periods.js';

const at = (time: number, fingerprint: string) => ({ time, rejected: false, groups: [], fingerprint });

describe('FingerprintTrack', () => {
  it('marks a change once per pair while two judges share the traffic (A/B), a rollback included', () => {
    const track = new FingerprintTrack(newFingerprintsState(), 50);
    for (const [t, f] of [
      [1, 'a'],
      [2, 'a'],
      [3, 'b'],
      [4, 'a'],
      [5, 'b'],
      [6, 'c'],
    ] as const)
      track.add(at(t, f));
    expect(track.state.changes.map(({ time, from, to }) => ({ time, from, to }))).toEqual([
      { time: 3, from: 'a', to: 'b' },
      { time: 4, from: 'b', to: 'a' },
      { time: 6, from: 'b', to: 'c' },
    ]);
    expect(track.state.seen.a).toEqual({ first: 1, last: 4, lines: 3 });
  });

  it('marks a rollout, its rollback and a second rollout, each with the canaries either side of it in time', () => {
    const track = new FingerprintTrack(newFingerprintsState(), 50);
    // Ten days each: a (catches every canary), b (misses every one), a again, b again; a canary and a line of traffic a day.
    for (let day = 0; day < 40; day++) {
      const fingerprint = Math.floor(day / 10) % 2 === 0 ? 'a' : 'b';
      const traffic = at(day * DAY, fingerprint);
      track.add(traffic);
      const canary = at(day * DAY + 1000, fingerprint);
      track.add(canary);
      track.canary(canary, fingerprint === 'a');
    }
    expect(track.state.changes).toEqual([
      { time: 10 * DAY, from: 'a', to: 'b', before: [10, 10], after: [10, 0] },
      { time: 20 * DAY, from: 'b', to: 'a', before: [10, 0], after: [10, 10] },
      { time: 30 * DAY, from: 'a', to: 'b', before: [10, 10], after: [10, 0] },
    ]);
  });

  it('does not mark judges sharing the traffic line by line, past the first change of each pair', () => {
    const track = new FingerprintTrack(newFingerprintsState(), 50);
    for (let hour = 0; hour < 72; hour++) track.add(at(hour * 3_600_000, hour % 3 === 0 ? 'b' : 'a'));
    expect(track.state.changes.map((c) => `${c.from}→${c.to}`)).toEqual(['b→a', 'a→b']);
  });

  it('pools fingerprints beyond the bound as "(other)"', () => {
    const track = new FingerprintTrack(newFingerprintsState(), 3);
    for (let i = 0; i < 6; i++) track.add(at(i, `f${i}`));
    expect(Object.keys(track.state.seen)).toEqual(['f0', 'f1', '(other)']);
    expect(track.labelOf(at(9, 'f5'))).toBe('(other)');
    expect(track.labelOf(at(9, 'f1'))).toBe('f1');
  });
});
