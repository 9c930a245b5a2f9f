import { z } from 'zod';
import type { Condition, ContaminantSource } from './types.js';

/**
 * A condition a config declares: a production contaminant beyond the
 * built-ins (a round summary, a tool log, the worker's retrieval results, a
 * persuasive rationale). It adds its own key, holding either fixed text or a
 * field that each fixture may carry.
 */
export const declaredConditionSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a condition name uses lower-case letters, digits and "-"'),
    key: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a request key uses lower-case letters, digits and "_"'),
    /** The same text added to every item's request. */
    text: z.string().min(1).optional(),
    /** A fixture field whose value is added (mutated with the artifact, as the trace is). */
    field: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'a fixture field uses lower-case letters, digits and "_"')
      .optional(),
    /** The verdict the contaminant pushes towards (default pass: it claims the work is fine). */
    pushes: z.enum(['pass', 'fail']).optional(),
  })
  .refine((d) => (d.text === undefined) !== (d.field === undefined), { message: 'give either "text" (fixed text) or "field" (a fixture field), not both and not neither' });

export type DeclaredConditionSpec = z.infer<typeof declaredConditionSchema>;

export function declaredCondition(spec: DeclaredConditionSpec): Condition {
  const { name, key, text, field } = spec;
  return {
    name,
    contaminantKey: key,
    pushes: spec.pushes ?? 'pass',
    ...(field !== undefined ? { needs: `a "${field}" field` } : {}),
    describe: text !== undefined ? `adds ${key}: ${JSON.stringify(text)} (declared)` : `adds ${key}: the fixture's "${field}" field, mutated consistently with the artifact (declared)`,
    contaminant: text !== undefined ? () => text : (item: ContaminantSource) => item.fields?.[field!],
  };
}
