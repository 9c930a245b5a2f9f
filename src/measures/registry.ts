import { crossCritics } from './crossCritic.js';
import { planAudit } from './planAudit.js';
import { power } from './power.js';
import { regression } from './regression.js';
import { reviewAudit } from './reviewAudit.js';
import { sealedAbility } from './sealedAbility.js';
import { secondTurns } from './secondTurns.js';

/**
 * The measures: a new one is its module and a line here (docs/architecture.md, "Adding a measure"). The
 * thresholds schema, `--threshold`, report.json and the reports are assembled from these lists (index.ts).
 */

/** Every per-critic measure: its figure is `critics[name][key]` in report.json. */
export const CRITIC_MEASURES = [secondTurns, reviewAudit, planAudit, regression, sealedAbility] as const;

/** Every run-level measure: its figure is report.json's `key`. */
export const RUN_MEASURES = [crossCritics, power] as const;
