import { anchoring } from './anchoring.js';
import { catchRates } from './catchRates.js';
import { conditionEffects } from './conditionEffects.js';
import { crossCritics } from './crossCritic.js';
import { echo } from './echo.js';
import { escalation } from './escalation.js';
import { falseAlarms } from './falseAlarms.js';
import { independence } from './independence.js';
import { located } from './located.js';
import { loop } from './loop.js';
import { pairedEffects } from './pairedEffects.js';
import { passTwo } from './passTwo.js';
import { planAudit } from './planAudit.js';
import { power } from './power.js';
import { regression } from './regression.js';
import { reviewAudit } from './reviewAudit.js';
import { sealedAbility } from './sealedAbility.js';
import { secondTurns } from './secondTurns.js';
import { toolUse } from './toolUse.js';
import { verdictRate } from './verdictRate.js';

/**
 * The measures: a new one is its module and a line here (docs/architecture.md, "Adding a measure"). The
 * thresholds schema, `--threshold`, report.json and the reports are assembled from these lists (index.ts).
 */

/** Every per-critic measure: its figure is `critics[name][key]` in report.json. */
export const CRITIC_MEASURES = [located, pairedEffects, echo, secondTurns, passTwo, escalation, loop, reviewAudit, planAudit, regression, sealedAbility, toolUse] as const;

/** Every measure of the critics' shared tables: it has gates, warnings and sections, and no report.json key of its own. */
export const TABLE_MEASURES = [catchRates, falseAlarms, anchoring, conditionEffects, verdictRate] as const;

/** Every run-level measure: its figure is report.json's `key`. */
export const RUN_MEASURES = [crossCritics, power, independence] as const;
