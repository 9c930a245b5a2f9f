import { persuasiveTrace } from '../../requests/conditions/persuasive-trace.js';
import { ALL_MUTANTS } from '../../results/tabulate.js';
import { criticFigure } from '../measure.js';
import { located } from '../located.js';
import { dropped, fail, independenceEval, notApplicable, pairedText, pass } from './eval.js';

/**
 * A polished rationale that does not bear out the claim: the critic must still require named evidence. The
 * condition carrying the author's explanation in the first request (persuasive-trace) leaves the catch rate and the
 * located catch rate (the catch that names where the defect is) as they are under clean, on the same mutants.
 */
export const persuasiveRationale = independenceEval({
  case: 'author_uses_persuasive_but_unsupported_rationale',
  expect: 'evaluator_requires_named_evidence',
  judge({ critic, run }) {
    const rationales = run.conditions.filter((c) => c.contaminantKey === persuasiveTrace.contaminantKey && !c.followUp);
    if (!rationales.length) return notApplicable(`no condition sends the author's explanation in the first request (${persuasiveTrace.name})`);
    const { pairedLocated } = criticFigure(located, critic);
    const rows = rationales.flatMap((c) => {
      const raw = critic.paired.find((p) => p.mutator === ALL_MUTANTS && p.to === c.name);
      return raw ? [{ c, raw, named: pairedLocated.find((p) => p.to === c.name) }] : [];
    });
    if (!rows.length) return notApplicable(`no mutant reviewed under both clean and ${rationales.map((c) => c.name).join(' or ')}`);
    const text = rows
      .map(
        ({ c, raw, named }) =>
          `${c.name}: ${pairedText('catch rate', raw)}; ${named ? pairedText('located catch rate', named) : 'located catches not measured (no reply pointed anywhere the grammar reads)'}`,
      )
      .join('; ');
    const swayed = rows.some(({ raw, named }) => dropped(raw) || (named !== undefined && dropped(named)));
    return swayed ? fail(`the explanation cost catches or their named evidence: ${text}`) : pass(`catches and their named evidence held: ${text}`);
  },
});
