import type { ItemRecord } from '../requests/items.js';
import { loopRoundOf, loopSchedules, type FixKind, type LoopSettings, type MutantLoop } from '../requests/loop.js';
import type { ReviewResult } from '../reviews/types.js';
import { fisherExact } from '../statistics/fisher.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import type { ResultSink } from './sink.js';

/** One round of a loop as stored: its verdict (null: no reply with one) and the tokens it took (null: the critic reported none). */
interface StoredRound {
  verdict: 'PASS' | 'FAIL' | null;
  tokens: number | null;
}

/** Every stored round of every mutant's loops: by item, then repeat, then round. */
export type LoopReading = Map<string, Map<number, Map<number, StoredRound>>>;

/** Reads the rounds of the mutants' loops (their clean reviews, round 1, and the `loop-round-N` reviews) as the critic's results stream by. */
export function loopReading(items: readonly ItemRecord[]): ResultSink<LoopReading> {
  const mutants = new Set(items.filter((i) => i.role === 'mutant').map((i) => i.id));
  const reading: LoopReading = new Map();
  return {
    add(r: ReviewResult) {
      const round = loopRoundOf(r.condition);
      if (round === undefined || !mutants.has(r.itemId)) return;
      let repeats = reading.get(r.itemId);
      if (!repeats) reading.set(r.itemId, (repeats = new Map()));
      let rounds = repeats.get(r.repeat);
      if (!rounds) repeats.set(r.repeat, (rounds = new Map()));
      const verdict = r.outcome === 'verdict' && (r.verdict === 'PASS' || r.verdict === 'FAIL') ? r.verdict : null;
      rounds.set(round, { verdict, tokens: r.usage ? r.usage.inputTokens + r.usage.outputTokens : null });
    },
    finish: () => reading,
  };
}

/** The loops of one kind of fix. */
export interface LoopGroup {
  /** Loops: a mutant and repeat the critic rejected in its clean review (round 1). */
  loops: number;
  /** Loops the critic accepted by the cap (for false fixes: a false fix accepted), with its Wilson interval. */
  accepted: { count: number; rate: number; ci: Interval };
  /** Accepted by round k, for each k from 2 to the cap: cumulative counts. */
  acceptedByRound: Array<{ round: number; count: number }>;
  /** Loops still rejected at the cap. */
  hitCap: number;
  /** Loops that stopped on a round with no verdict (a reply without one, an error, or a round not reviewed yet). */
  unfinished: number;
  /** Tokens of the loops' rounds (the first review included), as the provider reported them, in all and per loop; null when it reported none (or there is no loop). */
  tokens: LoopTokens;
}

/**
 * The bounded review loops of one critic (seeds 001 and 003): per kind of fix
 * the worker submitted, how many loops the critic accepted by each round, how
 * many hit the cap, and the tokens they took; and the exact test of whether
 * it accepted false fixes as readily as true ones.
 */
export interface LoopFigure {
  rounds: number;
  falseFixShare: number;
  /** Every loop, whatever its fix. */
  loops: number;
  /** The worker submits the original. */
  trueFix: LoopGroup;
  /** The worker submits another verified mutant of the fixture, presented as the fix, every round. */
  falseFix: LoopGroup;
  /** A false fix was drawn but the fixture has no other verified mutant: the worker submits the original, counted apart from both. */
  noSecondMutant: LoopGroup;
  /** Loops of every kind still rejected at the cap. */
  hitCap: number;
  tokens: LoopTokens;
  /** False fixes accepted by the cap against true fixes accepted by the cap: Fisher's exact test (two-sided); null when either has no loop. */
  falseVsTrue: { test: 'fisher-exact'; p: number } | null;
}

/** The figure of the critic's loops; undefined when the config sets no `loop` (nothing in report.json). */
export function loopFigure(items: readonly ItemRecord[], reading: LoopReading | undefined, loop: LoopSettings | undefined, seed: number): LoopFigure | undefined {
  if (!loop || !reading) return undefined;
  const mutants = items.filter((i) => i.role === 'mutant');
  const scheduleOf = loopSchedules(mutants, loop, seed);
  const ends: Record<FixKind, LoopEnd[]> = { true: [], false: [], 'true-no-second-mutant': [] };
  for (const item of mutants) {
    const { fix } = scheduleOf(item);
    for (const rounds of reading.get(item.id)?.values() ?? []) {
      const end = loopEnd(rounds, loop.rounds);
      if (end) ends[fix].push(end);
    }
  }
  const groups = { trueFix: group(ends.true, loop.rounds), falseFix: group(ends.false, loop.rounds), noSecondMutant: group(ends['true-no-second-mutant'], loop.rounds) };
  const all = [...ends.true, ...ends.false, ...ends['true-no-second-mutant']];
  const { trueFix, falseFix } = groups;
  return {
    rounds: loop.rounds,
    falseFixShare: loop.falseFixShare,
    loops: all.length,
    ...groups,
    hitCap: all.filter((e) => e.kind === 'cap').length,
    tokens: tokensOf(all),
    falseVsTrue: falseFix.loops && trueFix.loops ? { test: 'fisher-exact', p: fisherExact(falseFix.accepted.count, falseFix.loops, trueFix.accepted.count, trueFix.loops) } : null,
  };
}

/** Input and output tokens together: what the loops cost. */
export interface LoopTokens {
  total: number | null;
  perLoop: number | null;
}

/** How a loop ended: accepted at a round, still rejected at the cap, or stopped on a round without a verdict. */
interface LoopEnd {
  kind: 'accepted' | 'cap' | 'unfinished';
  round: number;
  /** Null when no round reported any. */
  tokens: number | null;
}

/** A loop's end, walking its rounds from the first; undefined when round 1 was no rejection (nothing to loop on). */
function loopEnd(rounds: ReadonlyMap<number, StoredRound>, cap: number): LoopEnd | undefined {
  if (rounds.get(1)?.verdict !== 'FAIL') return undefined;
  let tokens: number | null = null;
  const add = (more: number | null | undefined) => (more == null ? tokens : (tokens ?? 0) + more);
  for (let round = 1; round <= cap; round++) {
    const stored = rounds.get(round);
    if (!stored?.verdict) return { kind: 'unfinished', round, tokens: add(stored?.tokens) };
    tokens = add(stored.tokens);
    if (stored.verdict === 'PASS') return { kind: 'accepted', round, tokens };
  }
  return { kind: 'cap', round: cap, tokens };
}

function group(ends: readonly LoopEnd[], cap: number): LoopGroup {
  const accepted = ends.filter((e) => e.kind === 'accepted');
  return {
    loops: ends.length,
    accepted: { count: accepted.length, rate: ends.length ? accepted.length / ends.length : 0, ci: wilsonInterval(accepted.length, ends.length) },
    acceptedByRound: Array.from({ length: cap - 1 }, (_, i) => ({ round: i + 2, count: accepted.filter((e) => e.round <= i + 2).length })),
    hitCap: ends.filter((e) => e.kind === 'cap').length,
    unfinished: ends.filter((e) => e.kind === 'unfinished').length,
    tokens: tokensOf(ends),
  };
}

function tokensOf(ends: readonly LoopEnd[]): LoopTokens {
  if (!ends.some((e) => e.tokens !== null)) return { total: null, perLoop: null };
  const total = ends.reduce((sum, e) => sum + (e.tokens ?? 0), 0);
  return { total, perLoop: total / ends.length };
}

/** One round of a loop as loop.jsonl records it: the version reviewed (its id and what it is), the digest of the request the reply answered, the verdict. */
export interface LoopRoundRecord {
  round: number;
  version_id: string;
  version: 'defect' | 'true-fix' | 'false-fix';
  request_digest: string;
  verdict: 'PASS' | 'FAIL' | null;
  tokens: number | null;
}

/** A mutant's loop, one repeat, as loop.jsonl records it: its fix, each round, and how it ended. */
export interface LoopRecord {
  critic: string;
  item_id: string;
  fixture_id: string;
  mutator: string | null;
  repeat: number;
  fix: FixKind;
  rounds: LoopRoundRecord[];
  outcome: 'accepted' | 'hit-cap' | 'unfinished';
}

/**
 * The records of a mutant's loops, one per repeat whose clean review rejected
 * it: each round stored, in order, with the version its worker submitted (the
 * run's schedule, loopSchedules) and the request digest the stored reply is
 * bound to. `results` are the critic's reviews of the item.
 */
export function loopRecords(item: ItemRecord, results: readonly ReviewResult[], schedule: MutantLoop, loop: LoopSettings): LoopRecord[] {
  const reading = loopReading([item]);
  for (const r of results) reading.add(r);
  const records: LoopRecord[] = [];
  for (const [repeat, rounds] of [...(reading.finish().get(item.id) ?? [])].sort(([a], [b]) => a - b)) {
    const end = loopEnd(rounds, loop.rounds);
    if (!end) continue;
    const stored = results.filter((r) => r.repeat === repeat);
    const rows = [...rounds.keys()]
      .filter((n) => n <= end.round)
      .sort((a, b) => a - b)
      .map((n): LoopRoundRecord => {
        const version = schedule.versionAt(n);
        const row = stored.find((r) => loopRoundOf(r.condition) === n)!;
        return { round: n, version_id: version.id, version: version.role, request_digest: row.requestDigest, verdict: rounds.get(n)!.verdict, tokens: rounds.get(n)!.tokens };
      });
    records.push({
      critic: results[0]!.critic,
      item_id: item.id,
      fixture_id: item.fixtureId,
      mutator: item.mutator,
      repeat,
      fix: schedule.fix,
      rounds: rows,
      outcome: end.kind === 'cap' ? 'hit-cap' : end.kind,
    });
  }
  return records;
}
