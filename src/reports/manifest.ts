import type { Mutant } from '../mutants/types.js';
import type { AuditSnapshot } from './types.js';
import { BUILTIN_CONTAMINANT_KEYS, conditionsOf, contaminantKeys, fixturesWithout } from '../requests/conditions/index.js';
import { sha256Hex } from '../util/hash.js';
import { HARNESS_VERSION } from '../util/packageRoot.js';
import { JsonArray, mapped } from './jsonPieces.js';
import { evidenceCorpora } from '../requests/corpus.js';
import type { ToolsSetting } from '../requests/tools.js';
import { ALL_TOOLS } from '../reviews/tools/index.js';
import { isSandboxed } from '../fixtures/kinds/index.js';

/**
 * The evaluator input manifest (seed 002): digests of everything that could
 * cross the boundary, the critic identities (never a secret), and what each
 * condition let in and kept out. Anyone can later confirm what a critic saw.
 * The mutants (the run's valid mutants, text included, as the store gives
 * them) are digested as the manifest is written.
 */
export function buildManifest(run: AuditSnapshot, mutants: Iterable<Mutant>) {
  const conditions = conditionsOf(run.settings.conditions, run.settings.declaredConditions);
  const keys = [...new Set([...BUILTIN_CONTAMINANT_KEYS, ...contaminantKeys(conditions)])];
  return {
    harness: { name: 'critic-audit', version: HARNESS_VERSION },
    createdAt: run.startedAt,
    config: { file: run.settings.configFile, sha256: run.settings.configSha256 },
    seed: run.settings.seed,
    repeats: run.settings.repeats,
    conditions: conditions.map((c) => ({
      name: c.name,
      adds: c.contaminantKey ?? null,
      // A condition that withholds a sealed key (blind: the evidence) says so, and lists it among what it kept out.
      ...(c.withholds ? { withholds: c.withholds } : {}),
      describe: c.describe,
      excluded: [...(c.withholds ? [c.withholds] : []), ...keys.filter((k) => k !== c.contaminantKey), 'held-out checks'],
      // Fixtures that cannot carry the contaminant (no trace, no such field), or of a kind it does not apply to, are not reviewed under it.
      ...(c.contaminantKey || c.kinds ? { skippedFixtures: fixturesWithout(c, run.fixtures) } : {}),
    })),
    critics: run.critics.map((c) => ({
      name: c.name,
      identity: c.identity,
      // Over the fixtures it reviews: a critic of text only is never offered run_code, however many code fixtures the run has.
      ...(c.tools ? { tools: toolsRecord(c.tools, reviewedBy(c.kinds, run.fixtures)) } : {}),
    })),
    ...(run.sandboxNetwork ? { sandbox: { network: run.sandboxNetwork, filesystem: 'denied (Node permission model)', environment: 'empty' } } : {}),
    fixtures: run.fixtures.map((f) => ({
      id: f.id,
      kind: f.kind,
      file: f.source.file,
      task: sha256Hex(f.task),
      artifact: sha256Hex(f.artifact),
      evidence: 'evidence' in f ? f.evidence.map((e) => ({ id: e.id, sha256: sha256Hex(e.text) })) : [],
      trace: f.trace === undefined ? null : sha256Hex(f.trace),
      ...(f.fields ? { fields: Object.fromEntries(Object.entries(f.fields).map(([k, v]) => [k, sha256Hex(v)])) } : {}),
      // Never sent: their digests, pinned when the labels were verified, let anyone confirm which checks labelled the mutants.
      ...(run.heldOutChecks?.[f.id] ? { heldOutChecks: run.heldOutChecks[f.id] } : {}),
    })),
    mutants: new JsonArray(mapped(mutants, (m) => ({ id: m.id, fixtureId: m.fixtureId, mutator: m.mutator, artifact: sha256Hex(m.artifact) }))),
  };
}

/** The fixtures a critic of these kinds reviews; every fixture for a critic of any kind. */
const reviewedBy = (kinds: readonly string[] | undefined, fixtures: AuditSnapshot['fixtures']) => (kinds ? fixtures.filter((f) => kinds.includes(f.kind)) : fixtures);

/**
 * What a tool-using critic could call (the tools its reviews offered, the
 * evidence tools not under a condition that withholds the evidence) and, with
 * `evidence: search`, each corpus it searched: its suite, its passages and
 * their digest.
 */
function toolsRecord(setting: ToolsSetting, fixtures: AuditSnapshot['fixtures']) {
  const corpora = setting.evidence === 'search' ? [...new Set(evidenceCorpora(fixtures).values())].filter((c) => c.passages.length > 0) : [];
  const offer = { corpus: corpora[0] ?? null, code: setting.code === 'run' && fixtures.some(isSandboxed), decoys: setting.decoys, maxCalls: setting.maxCalls };
  return {
    ...setting,
    offered: ALL_TOOLS.filter((t) => t.offered(offer)).map((t) => t.name),
    corpora: corpora.map((c) => ({ suite: c.suite, passages: c.passages.length, sha256: c.digest })),
  };
}
