import { drillDown } from './client/drillDown.js';
import { OUTCOME_LETTER } from './data.js';

/**
 * The page's script, as report.html embeds it inline: drillDown's source as
 * tsc compiled it (type-checked against the drill-down types data.ts writes
 * to), called with the outcome letters data.ts writes. No bundler, no
 * network: the function reaches nothing but its argument and the browser.
 */
export const CLIENT_JS = `'use strict';\n(${drillDown.toString()})(${JSON.stringify(OUTCOME_LETTER)});\n`;
