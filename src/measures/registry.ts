import { anchoring } from './anchoring.js';
import { conditionEffects } from './conditionEffects.js';
import { crossCritics } from './crossCritic.js';
import { echo } from './echo.js';
import { falseAlarms } from './falseAlarms.js';
import { planAudit } from './planAudit.js';
import { power } from './power.js';
import { regression } from './regression.js';
import { reviewAudit } from './reviewAudit.js';
import { sealedAbility } from './sealedAbility.js';
import { secondTurns } from './secondTurns.js';
import { toolUse } from './toolUse.js';

/**
 * The measures: a new one is its module and a line here (docs/architecture.md, "Adding a measure"). The
 * thresholds schema, `--threshold`, report.json and the reports are assembled from these lists (index.ts).
 */

/** Every per-critic measure: its figure is `critics[name][key]` in report.json. */
export const CRITIC_MEASURES = [echo, secondTurns, reviewAudit, planAudit, regression, sealedAbility, toolUse] as const;

/** Every measure of the critics' shared tables: it has gates, warnings and sections, and no report.json key of its own. */
export const TABLE_MEASURES = [falseAlarms, anchoring, conditionEffects] as const;

/** Every run-level measure: its figure is report.json's `key`. */
export const RUN_MEASURES = [crossCritics, power] as const;
