import type { Fixture } from '../fixtures/types.js';
import { canonical } from '../reviews/cache.js';
import type { CriticRecord, RunSettings } from './types.js';

/** What one run folder's reviews were planned from: the plan's settings and critics, and the fixtures as they loaded. */
export interface PlannedAudit {
  settings: RunSettings;
  critics: readonly CriticRecord[];
  fixtures: Iterable<Fixture>;
}

/**
 * What differs between the audit a run folder holds and another one, each
 * difference in words with its old and new value ("seed 3 → 4"): why a resume
 * or a merge is refused. Only what the stored reviews depend on is compared
 * (see RunSettings.reviewsSha256) and the critics' identities; a setting an
 * older run did not record is left out, as nothing can be said about it.
 */
export function planChanges(before: PlannedAudit, after: PlannedAudit): string[] {
  return [...fixtureChanges(before.fixtures, after.fixtures), ...settingChanges(before, after)];
}

/**
 * What differs besides the fixtures: the settings the reviews depend on and
 * the critics' identities. A resume refuses these; a fixture edit instead
 * invalidates the reviews whose requests it changed.
 */
export function settingChanges(before: Omit<PlannedAudit, 'fixtures'>, after: Omit<PlannedAudit, 'fixtures'>): string[] {
  const was = before.settings;
  const is = after.settings;
  return [
    valueChange('seed', was.seed, is.seed),
    listChange('mutators', was.mutators, is.mutators),
    listChange('conditions', was.conditions, is.conditions),
    declaredChange(was.declaredConditions ?? [], is.declaredConditions ?? []),
    valueChange('repeats', was.repeats, is.repeats),
    valueChange('loop', was.loop, is.loop),
    was.rubric === undefined ? null : valueChange('rubric', rubricText(was.rubric), rubricText(is.rubric ?? null)),
    was.mutantsPerFixture === undefined ? null : valueChange('mutantsPerFixture', was.mutantsPerFixture, is.mutantsPerFixture),
    ...criticChanges(before.critics, after.critics),
  ].filter((change): change is string => change !== null);
}

/** Longer values are cut: the message names the change, the config holds the whole value. */
const SHOWN_CHARS = 60;

function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? JSON.stringify(value) : canonical(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

function valueChange(label: string, before: unknown, after: unknown): string | null {
  return canonical(before) === canonical(after) ? null : `${label} ${shown(before)} → ${shown(after)}`;
}

/** A rubric of null is each fixture kind's own default rubric. */
const rubricText = (rubric: string | null) => rubric ?? "each fixture kind's default";

function listChange(label: string, before: readonly string[], after: readonly string[]): string | null {
  if (canonical(before) === canonical(after)) return null;
  const added = after.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !after.includes(name));
  if (!added.length && !removed.length) return `${label} reordered: ${before.join(', ')} → ${after.join(', ')}`;
  return `${label} ${[added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean).join(', ')}`;
}

function declaredChange(before: ReadonlyArray<{ name: string }>, after: ReadonlyArray<{ name: string }>): string | null {
  const changed = after.filter((spec) => {
    const earlier = before.find((b) => b.name === spec.name);
    return earlier && canonical(earlier) !== canonical(spec);
  });
  return changed.length ? `declared condition${changed.length > 1 ? 's' : ''} ${changed.map((spec) => spec.name).join(', ')} changed` : null;
}

function criticChanges(before: readonly CriticRecord[], after: readonly CriticRecord[]): string[] {
  const names = (critics: readonly CriticRecord[]) => critics.map((c) => c.name);
  const changes = [listChange('critics', names(before), names(after))];
  for (const critic of after) {
    const earlier = before.find((c) => c.name === critic.name);
    if (!earlier) continue;
    const parts = [...new Set([...Object.keys(earlier.identity), ...Object.keys(critic.identity)])];
    for (const part of parts) changes.push(valueChange(`critic ${critic.name}: ${part}`, earlier.identity[part], critic.identity[part]));
  }
  return changes.filter((change): change is string => change !== null);
}

/** Fixtures named in a message at most; the rest are counted. */
const FIXTURES_NAMED = 5;

/** The ids of the fixtures changed, added or removed, by group. */
function fixtureGroups(before: Iterable<Fixture>, after: Iterable<Fixture>) {
  // Through JSON, as the store keeps fixtures: a key holding undefined is no key at all.
  const contents = (fixtures: Iterable<Fixture>) => new Map([...fixtures].map(({ source: _source, ...content }) => [content.id, canonical(JSON.parse(JSON.stringify(content)))]));
  const was = contents(before);
  const is = contents(after);
  const groups = {
    changed: [...is.keys()].filter((id) => was.has(id) && was.get(id) !== is.get(id)),
    added: [...is.keys()].filter((id) => !was.has(id)),
    removed: [...was.keys()].filter((id) => !is.has(id)),
  };
  return { was, is, groups };
}

/** The ids of the fixtures whose content changed, or that were added or removed: the only ones whose items a resume may review otherwise. */
export function editedFixtureIds(before: Iterable<Fixture>, after: Iterable<Fixture>): Set<string> {
  const { groups } = fixtureGroups(before, after);
  return new Set([...groups.changed, ...groups.added, ...groups.removed]);
}

/** Fixtures added, removed, or whose content changed (where a fixture was declared does not count: see reviewsSha256). */
export function fixtureChanges(before: Iterable<Fixture>, after: Iterable<Fixture>): string[] {
  const { was, is, groups } = fixtureGroups(before, after);
  const named = (ids: string[]) => (ids.length > FIXTURES_NAMED ? `${ids.slice(0, FIXTURES_NAMED).join(', ')} and ${ids.length - FIXTURES_NAMED} more` : ids.join(', '));
  const changes = Object.entries(groups).flatMap(([what, ids]) => (ids.length ? [`fixture${ids.length > 1 ? 's' : ''} ${what}: ${named(ids)}`] : []));
  // The plan digest counts the fixtures' order: the same fixtures in another order are, to it, another audit.
  if (!changes.length && canonical([...was.keys()]) !== canonical([...is.keys()])) changes.push('fixtures reordered');
  return changes;
}
