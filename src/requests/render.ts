import { CONTAMINANT_KEYS } from './conditions/index.js';
import type { ChatMessage, CriticRequest } from './types.js';

/**
 * Renders a request through a prompt template. `{{key}}` inserts a value and
 * `{{#key}}...{{/key}}` keeps a block only when the request carries that key,
 * so one template serves every condition and a contaminant appears only where
 * its condition put it. The rubric becomes the system message. `{{claims}}`
 * is the artifact as numbered claims (a sentence, or a line of code, each),
 * which the caller passes when the template uses it.
 */
export function renderMessages(template: string, request: CriticRequest, claims?: string): ChatMessage[] {
  const values: Record<string, string | undefined> = {
    task: request.task,
    artifact: request.artifact,
    evidence: request.evidence.map((e) => `### [${e.id}]${e.title ? ` ${e.title}` : ''}\n${e.text.trimEnd()}`).join('\n\n') || undefined,
    claims,
  };
  for (const key of CONTAMINANT_KEYS) values[key] = request[key];
  const withBlocks = template.replace(/\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g, (_, key: string, body: string) => (values[key] ? body : ''));
  const user = withBlocks
    .replace(/\{\{(\w+)\}\}/g, (_, key: string) => (values[key] ?? '').trimEnd())
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return [
    { role: 'system', content: request.rubric },
    { role: 'user', content: user },
  ];
}

/** Template keys a user may reference; anything else is a typo worth an error. */
export const TEMPLATE_KEYS = ['task', 'artifact', 'evidence', 'claims', ...CONTAMINANT_KEYS] as const;

export function unknownTemplateKeys(template: string): string[] {
  const used = [...template.matchAll(/\{\{[#/]?(\w+)\}\}/g)].map((m) => m[1]!);
  return [...new Set(used.filter((k) => !(TEMPLATE_KEYS as readonly string[]).includes(k)))];
}
