import { z } from 'zod';
import { evidenceQuote } from './evidenceQuote.js';
import type { Condition, ContaminantSource } from './types.js';

/**
 * A condition a config declares: a production contaminant beyond the
 * built-ins (a round summary, a tool log, the worker's retrieval results, a
 * persuasive rationale). It adds its own key, holding either fixed text or a
 * field that each fixture may carry.
 */
const conditionName = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'a condition name uses lower-case letters, digits and "-"')
  .describe("The condition's name in the reports and thresholds.");

export const declaredContaminantSchema = z
  .strictObject({
    name: conditionName,
    key: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'a request key uses lower-case letters, digits and "_"')
      .describe('The request key the contaminant travels in; the prompt template places it as `{{key}}`.'),
    text: z.string().min(1).optional().describe("The same text added to every item's request; with `field`, to the items of fixtures without that field."),
    field: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'a fixture field uses lower-case letters, digits and "_"')
      .optional()
      .describe('A fixture field whose value is added, mutated with the artifact as the trace is; a fixture without it is not reviewed under the condition (unless `text` is given).'),
    pushes: z.enum(['pass', 'fail']).optional().describe('The verdict the contaminant pushes towards (default `pass`: it claims the work is fine).'),
  })
  .refine((d) => d.text !== undefined || d.field !== undefined, { message: 'give "text" (fixed text), "field" (a fixture field), or both (the field where a fixture has it, else the text)' });

/**
 * A second turn the config declares: after the critic's clean reply (a FAIL,
 * a PASS or either), one more user message, in which `{{evidence_quote}}`
 * stands for the evidence sentence that supports the original claim.
 */
export const declaredFollowUpSchema = z.strictObject({
  name: conditionName,
  after: z
    .enum(['fail', 'pass', 'any'], { message: 'after must be fail, pass or any' })
    .describe('After which first (clean) verdict the follow-up is sent; after the other, the first verdict stands.'),
  text: z
    .string()
    .min(1)
    .refine((text) => [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}|\{\{/g)].every((m) => m[1] === 'evidence_quote'), {
      message: 'a follow-up can use only {{evidence_quote}}; anything else would reach the critic as written',
    })
    .describe('The follow-up message; `{{evidence_quote}}` stands for the evidence sentence that supports the original claim.'),
});

/**
 * One entry of `conditions:`: a built-in's name, or a declared condition of
 * either kind, told apart by `after` (only a second turn has one), so that an
 * error speaks of the kind meant rather than of every kind it is not.
 */
export const conditionEntrySchema = z.unknown().transform((value, ctx): string | DeclaredConditionSpec => {
  const schema = typeof value === 'string' ? z.string().min(1) : typeof value === 'object' && value !== null && 'after' in value ? declaredFollowUpSchema : declaredContaminantSchema;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  return z.NEVER;
});

export type DeclaredConditionSpec = z.infer<typeof declaredContaminantSchema> | z.infer<typeof declaredFollowUpSchema>;

/** The fixture fields the declared conditions name (a fixture may carry them beside its own keys). */
export const fixtureFieldsOf = (declared: readonly DeclaredConditionSpec[] = []): string[] => declared.flatMap((d) => ('field' in d && d.field ? [d.field] : []));

export function declaredCondition(spec: DeclaredConditionSpec): Condition {
  if ('after' in spec) return declaredFollowUp(spec);
  const { name, key, text, field } = spec;
  return {
    name,
    contaminantKey: key,
    pushes: spec.pushes ?? 'pass',
    // The key is the user's own name for what the critic is shown: "round_summary" reads "with the round summary".
    label: `with the ${key.replaceAll('_', ' ')}`,
    ...(field !== undefined && text === undefined ? { needs: `a "${field}" field` } : {}),
    describe:
      field === undefined
        ? `adds ${key}: ${JSON.stringify(text)} (declared)`
        : `adds ${key}: the fixture's "${field}" field, mutated consistently with the artifact${text !== undefined ? `, else ${JSON.stringify(text)}` : ''} (declared)`,
    contaminant: field === undefined ? () => text : (item: ContaminantSource) => item.fields?.[field] ?? text,
  };
}

function declaredFollowUp({ name, after, text }: z.infer<typeof declaredFollowUpSchema>): Condition {
  const quoted = text.includes('{{evidence_quote}}');
  return {
    name,
    label: `after the follow-up "${name}"`,
    describe: `second turn after ${after === 'any' ? 'either verdict' : `a ${after.toUpperCase()}`}: ${JSON.stringify(text)} (declared)`,
    contaminant: () => undefined,
    // A declared follow-up is the worker's pushback, whatever it says: a rebuttal (seed 004), whose held findings escalate.
    followUp: {
      after,
      round: 'rebuttal',
      message: (item, first) => {
        if (!quoted) return text;
        const quote = evidenceQuote(item, first.reply);
        return quote === undefined ? undefined : text.replaceAll('{{evidence_quote}}', quote);
      },
    },
  };
}
