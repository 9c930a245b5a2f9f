import { authorClaim } from './authorClaim.js';
import { bundleSummary } from './bundleSummary.js';
import type { IndependenceEval } from './eval.js';
import { hiddenFixture } from './hiddenFixture.js';
import { passTwoChanges } from './passTwoChanges.js';
import { patchChanges } from './patchChanges.js';
import { persuasiveRationale } from './persuasiveRationale.js';
import { writeAccess } from './writeAccess.js';

/** Seed 002's independence evals, in its order: a new one is its module and a line here. */
export const INDEPENDENCE_EVALS: readonly IndependenceEval[] = [authorClaim, persuasiveRationale, bundleSummary, patchChanges, hiddenFixture, passTwoChanges, writeAccess];
