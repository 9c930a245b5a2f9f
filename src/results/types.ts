import type { HeldOutCheckPins } from '../fixtures/heldOutChecks.js';
import type { FixtureKindName } from '../fixtures/kinds/index.js';
import type { Fixture } from '../fixtures/types.js';
import type { IgnoredMutant, MutantRecord } from '../mutants/types.js';
import type { LabelVerificationRow } from '../mutants/verifyCode.js';
import type { ConditionName, DeclaredConditionSpec } from '../requests/conditions/index.js';
import type { ToolsSetting } from '../requests/tools.js';
import type { CriticIdentity } from '../reviews/critic.js';
import { DEFAULT_GRAMMAR } from '../reviews/verdicts/index.js';
import type { StopKind } from '../reviews/stop.js';
import type { EscalationSettings } from './escalation.js';
import type { LoopSettings } from '../requests/loop.js';
import type { BootstrapSettings } from './schema.js';

/** Run stops are typed where the scheduler makes them (src/reviews/stop.ts); the run's status records them. */
export type { RunStop, StopKind } from '../reviews/stop.js';

/**
 * The settings of a run, frozen when it starts: the ones this stage reads.
 * Later stages' settings (thresholds, report files) ride along in the same
 * object; their types say so (see AuditSettings in src/reports/types.ts).
 */
export interface RunSettings {
  configFile: string;
  configSha256: string;
  /**
   * What the stored reviews depend on besides the critics and the mutants: the fixtures' content,
   * conditions, repeats, rubric, seed, mutators and cap. A resume must match it; anything else in the config (concurrency, retries,
   * timeouts, budgets, thresholds) may change between invocations. Absent in runs stored before it existed.
   */
  reviewsSha256?: string | undefined;
  seed: number;
  conditions: ConditionName[];
  /** The config's declared conditions among them (absent when it declares none). */
  declaredConditions?: DeclaredConditionSpec[] | undefined;
  mutators: string[];
  repeats: number;
  /** The config's rubric; null when each fixture kind's default applies (absent in runs stored before it was recorded). */
  rubric?: string | null | undefined;
  /** The cap on mutants per fixture and mutator (absent in runs stored before it was recorded). */
  mutantsPerFixture?: number | undefined;
  /** The cluster bootstrap's settings (absent in runs stored before it existed). */
  bootstrap?: BootstrapSettings | undefined;
  /** What a finding held against a rebuttal comes to (`escalation:`); absent when the config sets none. */
  escalation?: EscalationSettings | undefined;
  /** Bounded review loops (`loop:`); absent when the config sets none. Part of what the reviews depend on. */
  loop?: LoopSettings | undefined;
  errorBudget: number;
}

export interface CriticRecord {
  name: string;
  identity: CriticIdentity;
  /** Price per million tokens, when the config gives one, for the run's cost. */
  pricing?: { inputPerMillion: number; outputPerMillion: number } | undefined;
  /** The grammar its replies were read with, and its `notFound`, when not the defaults (pass-fail, flag): the reports read the replies again with them. */
  verdict?: string | undefined;
  notFound?: 'flag' | 'neutral' | undefined;
  /** A tool-using critic's `tools:` (what every review offered it); absent for a critic without tools. */
  tools?: ToolsSetting | undefined;
  /**
   * The kinds of artifact a tool-using critic reviews, when it reviews only some (a built-in's): the manifest's
   * `offered` and `corpora` are over the fixtures it reviews. Absent for a critic without tools, whose record it
   * would only change.
   */
  kinds?: FixtureKindName[] | undefined;
}

/** A critic's grammar settings as its record keeps them: only what differs from the defaults, so older stores read the same. */
export function criticGrammar(verdict: string, notFound: 'flag' | 'neutral'): Pick<CriticRecord, 'verdict' | 'notFound'> {
  return { ...(verdict !== DEFAULT_GRAMMAR ? { verdict } : {}), ...(notFound !== 'flag' ? { notFound } : {}) };
}

/** What a run planned, apart from its fixtures and mutants (the store keeps those row by row). */
export interface RunPlan<Settings extends RunSettings = RunSettings> {
  settings: Settings;
  critics: CriticRecord[];
  /** Per code fixture: checks, mutants generated, kept, ignored as equivalent, and the controls' results (none for text). */
  labelVerification?: LabelVerificationRow[];
  /** With code fixtures: the digests of their held-out checks, pinned when the labels were verified (the manifest lists them). */
  heldOutChecks?: HeldOutCheckPins;
  /** Warnings about the fixtures as they loaded (unsupported artifact sentences); absent when there were none. */
  fixtureWarnings?: string[];
  /** With code fixtures: whether the sandbox had its own empty network namespace, or only the vm barrier. */
  sandboxNetwork?: 'netns' | 'vm-only';
  startedAt: string;
}

/**
 * What a run planned, fixtures and mutants included: with the stored results,
 * everything the reports count from. The valid mutants come without their
 * text (the mutated artifact and trace, most of a suite's bytes): the few
 * reports that print it read it from the store mutant by mutant.
 */
export interface RunSnapshot<Settings extends RunSettings = RunSettings> extends RunPlan<Settings> {
  fixtures: Fixture[];
  generation: { mutants: MutantRecord[]; ignored: IgnoredMutant[] };
}

export interface RunStatus {
  complete: boolean;
  stopReason: string | null;
  /** How the run stopped early, so `report DIR` exits as the run did (absent in older stores). */
  stopKind?: StopKind | null;
  /** The critic whose replies stopped the run (unreachable, quota, input); null otherwise (absent in older stores). */
  stopCritic?: string | null;
  finishedAt: string;
}
