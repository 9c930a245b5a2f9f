import { RecentResults } from '../util/recentResults.js';
import { contaminantIn, SEALED_KEYS, type ChatMessage, type CriticRequest } from './types.js';

/**
 * Renders a request through a prompt template. `{{key}}` inserts a value and
 * `{{#key}}...{{/key}}` keeps a block only when the request carries that key,
 * so one template serves every condition and a contaminant appears only where
 * its condition put it. A contaminant the template does not place (a declared
 * condition's key in a template written before it) is appended under its key,
 * so it reaches a model critic rather than silently making the condition
 * clean. The rubric becomes the system message. `{{claims}}` is the artifact
 * as numbered claims (a sentence, or a line of code, each), which the caller
 * passes when the template uses it.
 */
export function renderMessages(template: string, request: CriticRequest, claims?: string): ChatMessage[] {
  const values: Record<string, string | undefined> = {
    task: request.task,
    artifact: request.artifact,
    evidence: request.evidence?.map((e) => `### [${e.id}]${e.title ? ` ${e.title}` : ''}\n${e.text.trimEnd()}`).join('\n\n') || undefined, // withheld (blind) or empty: its block disappears
    claims,
  };
  const placed = templateKeys(template);
  let unplaced = '';
  for (const key of Object.keys(request)) {
    const value = contaminantIn(request, key);
    if (value === undefined) continue;
    values[key] = value;
    if (!placed.has(key)) unplaced += `\n\n## ${key}\n${value.trimEnd()}`;
  }
  const withBlocks = template.replace(/\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g, (_, key: string, body: string) => (values[key] ? body : ''));
  const user = (withBlocks.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (values[key] ?? '').trimEnd()) + unplaced).replace(/\n{3,}/g, '\n\n').trim();
  return [
    { role: 'system', content: request.rubric },
    { role: 'user', content: user },
  ];
}

/** A run renders every request through the same few templates: their keys are read once. */
const keysOfTemplates = new RecentResults<ReadonlySet<string>>(64);

function templateKeys(template: string): ReadonlySet<string> {
  return keysOfTemplates.get(template, () => new Set([...template.matchAll(/\{\{[#/]?(\w+)\}\}/g)].map((m) => m[1]!)));
}

/** Template keys a user may reference: the sealed ones (but the rubric, the system message), the numbered claims and the run's contaminant keys. */
export function allowedTemplateKeys(contaminantKeys: readonly string[]): string[] {
  return [...SEALED_KEYS.filter((k) => k !== 'rubric'), 'claims', ...contaminantKeys];
}

/** Placeholders outside the allowed keys: a typo worth an error. */
export function unknownTemplateKeys(template: string, contaminantKeys: readonly string[]): string[] {
  const allowed = new Set(allowedTemplateKeys(contaminantKeys));
  return [...templateKeys(template)].filter((k) => !allowed.has(k));
}
