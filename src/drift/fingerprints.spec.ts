import { describe, expect, it } from 'vitest';
import { FingerprintTrack, newFingerprintsState } from './fingerprints.js';

const at = (time: number, fingerprint: string) => ({ time, rejected: false, groups: [], fingerprint });

describe('FingerprintTrack', () => {
  it('marks each change from one judge to another once per pair, a rollback included', () => {
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
    expect(track.state.changes).toEqual([
      { time: 3, from: 'a', to: 'b' },
      { time: 4, from: 'b', to: 'a' },
      { time: 6, from: 'b', to: 'c' },
    ]);
    expect(track.state.seen.a).toEqual({ first: 1, last: 4, lines: 3 });
  });

  it('pools fingerprints beyond the bound as "(other)"', () => {
    const track = new FingerprintTrack(newFingerprintsState(), 3);
    for (let i = 0; i < 6; i++) track.add(at(i, `f${i}`));
    expect(Object.keys(track.state.seen)).toEqual(['f0', 'f1', '(other)']);
    expect(track.labelOf(at(9, 'f5'))).toBe('(other)');
    expect(track.labelOf(at(9, 'f1'))).toBe('f1');
  });
});
