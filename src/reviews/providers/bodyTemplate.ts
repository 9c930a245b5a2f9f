import { BUILTIN_CONTAMINANT_KEYS } from '../../requests/conditions/index.js';
import { contaminantIn, type ChatMessage, type CriticRequest } from '../../requests/types.js';

/** Placeholders that insert a JSON value (unquoted, or in place of a quoted string holding only the placeholder). */
const JSON_KEYS = ['evidence_json', 'messages_json', 'request_json'] as const;
/** Placeholders that insert text, JSON-escaped, inside a JSON string. */
// A declared condition's key reaches an http critic through {{prompt}} or {{request_json}}.
const TEXT_KEYS = ['task', 'artifact', 'evidence', 'rubric', 'system', 'prompt', ...BUILTIN_CONTAMINANT_KEYS] as const;
export const BODY_PLACEHOLDERS: readonly string[] = [...TEXT_KEYS, ...JSON_KEYS];

/**
 * An `http` critic's request body: JSON text with `{{key}}` placeholders. Text
 * placeholders are JSON-escaped (so `"{{artifact}}"` holds any artifact
 * safely); `{{evidence_json}}`, `{{messages_json}}` and `{{request_json}}`
 * insert the value itself. A contaminant placeholder is empty when the
 * condition does not add it, as the sealed request has no such key; so are
 * `{{evidence}}` (empty) and `{{evidence_json}}` (null) when the condition
 * withholds the evidence.
 */
export function renderBody(template: string, request: CriticRequest, messages: ChatMessage[]): string {
  const text: Record<string, string> = {
    task: request.task,
    artifact: request.artifact,
    evidence: (request.evidence ?? []).map((e) => `[${e.id}]${e.title ? ` ${e.title}` : ''}\n${e.text.trimEnd()}`).join('\n\n'),
    rubric: request.rubric,
    system: messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n'),
    prompt: messages
      .filter((m) => m.role !== 'system')
      .map((m) => m.content)
      .join('\n\n'),
  };
  for (const key of BUILTIN_CONTAMINANT_KEYS) text[key] = contaminantIn(request, key) ?? '';
  const json: Record<string, unknown> = { evidence_json: request.evidence, messages_json: messages, request_json: request };
  return template
    .replace(/"\{\{(\w+_json)\}\}"|\{\{(\w+_json)\}\}/g, (_, quoted: string | undefined, bare: string | undefined) => JSON.stringify(json[(quoted ?? bare)!] ?? null))
    .replace(/\{\{(\w+)\}\}/g, (_, key: string) => JSON.stringify(text[key] ?? '').slice(1, -1));
}

/** What is wrong with a body template, or null: unknown placeholders, or JSON that does not parse once they are filled. */
export function bodyTemplateProblem(template: string): string | null {
  const unknown = [...new Set([...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].filter((key) => !BODY_PLACEHOLDERS.includes(key));
  if (unknown.length) return `unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `{{${k}}}`).join(', ')}; known: ${BODY_PLACEHOLDERS.map((k) => `{{${k}}}`).join(', ')}`;
  const sample: CriticRequest = { task: 'a "task"\n', artifact: 'an {artifact}\\', evidence: [{ id: 'e1', text: 'evidence' }], rubric: 'rubric' };
  for (const key of BUILTIN_CONTAMINANT_KEYS) sample[key] = `a ${key}`;
  const rendered = renderBody(template, sample, [
    { role: 'system', content: 'rubric' },
    { role: 'user', content: 'prompt' },
  ]);
  try {
    JSON.parse(rendered);
    return null;
  } catch (err) {
    return `not valid JSON once its placeholders are filled (${(err as Error).message}); a text placeholder goes inside quotes ("{{artifact}}"), a *_json one without`;
  }
}

/** The value at a dotted path (`output.review`, `choices.0.message.content`) in parsed JSON; undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
