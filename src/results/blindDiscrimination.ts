import type { Condition } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { newcombeDifferenceOfRates } from '../statistics/newcombe.js';
import { signFlipUpperTail } from '../statistics/signFlip.js';
import type { Interval } from '../statistics/wilson.js';
import { flaggedForPairing, type ItemOutcomes } from './itemOutcomes.js';
import type { CriticTables } from './tabulate.js';

/**
 * A mutant set's hypothesis-only baseline (Poliak et al. 2018; Gururangan et
 * al. 2018): how well the critic tells the mutator's mutants from the
 * originals and controls with the evidence withheld. Discrimination, not
 * catch rate: a critic that rejects whatever it cannot verify catches every
 * mutant blind and also flags every original, which says nothing about the
 * mutants' form.
 */
export interface DiscriminationCell {
  /** The mutator's catch rate under the condition that withholds the evidence. */
  catchRate: number;
  /** The false-alarm rate under it, on the originals and controls pooled. */
  falseAlarmRate: number;
  /** catchRate − falseAlarmRate. */
  difference: number;
  /** Newcombe's 95% interval for the difference of the two independent rates (hybrid score, method 10). */
  ci: Interval;
}

/** The condition of the run that withholds the evidence (blind), if any: the one whose figures are the baseline. */
export function evidenceWithholding(conditions: readonly Condition[]): Condition | undefined {
  return conditions.find((c) => c.withholds === 'evidence');
}

/** Per mutator with mutants and originals answered under the withholding condition: its blind discrimination. */
export function blindDiscrimination(tables: CriticTables, withholding: Condition): Record<string, DiscriminationCell> {
  const out: Record<string, DiscriminationCell> = {};
  const alarms = tables.falseAlarms[withholding.name];
  if (!alarms?.n) return out;
  for (const [mutator, cells] of Object.entries(tables.byMutator)) {
    const caught = cells[withholding.name];
    if (!caught?.n) continue;
    const { delta, ci } = newcombeDifferenceOfRates(caught.rate, caught.n, alarms.rate, alarms.n);
    out[mutator] = { catchRate: caught.rate, falseAlarmRate: alarms.rate, difference: delta + 0, ci };
  }
  return out;
}

/** Does the critic read the evidence? Clean against blind discrimination, paired on the items answered under both. */
export interface EvidenceReading {
  condition: string;
  /** Mutants and originals (with controls) answered under both clean and the withholding condition. */
  mutants: number;
  originals: number;
  /** On those items: catch rate minus false-alarm rate, clean and blind. */
  cleanDiscrimination: number;
  blindDiscrimination: number;
  /** Discordant items in favour of clean (right clean, wrong blind) and of blind, on the mutants and on the originals. */
  discordant: { mutants: { clean: number; blind: number }; originals: { clean: number; blind: number } };
  /** One-sided exact p for "clean discrimination is above blind". */
  p: number;
}

/**
 * The paired comparison behind the positive control's evidence reason. Per
 * item answered under both conditions (majority verdict over repeats), the
 * difference of being right clean and being right blind: a mutant is right
 * when flagged, an original or control when not. Clean minus blind
 * discrimination is the sum of these differences weighted 1/n_mutants and
 * 1/n_originals. The test is exact and one-sided: under the sharp null that
 * withholding the evidence changes nothing for any item, each discordant
 * item favours either condition with probability 1/2, and p is the chance of
 * a weighted sum at least as large (signFlipUpperTail). A pooled McNemar on
 * the discordant items would weigh the originals by their count, and a
 * suite has far fewer originals than mutants. Null without items of both roles.
 */
export function evidenceReading(items: readonly ItemRecord[], outcomes: ItemOutcomes, withholding: Condition): EvidenceReading | null {
  const tally = { mutants: { n: 0, cleanRight: 0, blindRight: 0, clean: 0, blind: 0 }, originals: { n: 0, cleanRight: 0, blindRight: 0, clean: 0, blind: 0 } };
  for (const item of items) {
    const clean = flaggedForPairing(outcomes.of(item.id, 'clean'));
    const blind = flaggedForPairing(outcomes.of(item.id, withholding.name));
    if (clean === undefined || blind === undefined) continue;
    const t = item.role === 'mutant' ? tally.mutants : tally.originals;
    const cleanRight = item.role === 'mutant' ? clean : !clean;
    const blindRight = item.role === 'mutant' ? blind : !blind;
    t.n++;
    if (cleanRight) t.cleanRight++;
    if (blindRight) t.blindRight++;
    if (cleanRight && !blindRight) t.clean++;
    if (blindRight && !cleanRight) t.blind++;
  }
  const { mutants: m, originals: o } = tally;
  if (!m.n || !o.n) return null;
  // Discrimination = catch rate − false-alarm rate = right on mutants + right on originals − 1.
  const discrimination = (mRight: number, oRight: number) => mRight / m.n + oRight / o.n - 1 + 0;
  return {
    condition: withholding.name,
    mutants: m.n,
    originals: o.n,
    cleanDiscrimination: discrimination(m.cleanRight, o.cleanRight),
    blindDiscrimination: discrimination(m.blindRight, o.blindRight),
    discordant: { mutants: { clean: m.clean, blind: m.blind }, originals: { clean: o.clean, blind: o.blind } },
    p: signFlipUpperTail([
      { plus: m.clean, minus: m.blind, weight: 1 / m.n },
      { plus: o.clean, minus: o.blind, weight: 1 / o.n },
    ]),
  };
}
