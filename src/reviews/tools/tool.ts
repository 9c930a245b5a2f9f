import { z } from 'zod';
import type { Tool, ToolDefinition } from './types.js';

/** A tool of the registry from its definition: its spec's JSON Schema made from its input schema, which also reads each call's arguments. */
export function tool<Args>(definition: ToolDefinition<Args>): Tool {
  const { $schema: _dialect, ...parameters } = z.toJSONSchema(definition.input) as Record<string, unknown>;
  return {
    name: definition.name,
    description: definition.description,
    ...(definition.decoy ? { decoy: true as const } : {}),
    ...(definition.verifies ? { verifies: definition.verifies } : {}),
    offered: definition.offered,
    spec: { name: definition.name, description: definition.description, parameters },
    async invoke(args, context) {
      const parsed = definition.input.safeParse(args ?? {});
      if (!parsed.success) return { content: JSON.stringify({ error: `bad arguments for ${definition.name}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}` }), error: true };
      return definition.run(parsed.data, context);
    },
  };
}
