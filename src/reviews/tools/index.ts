export type { Tool, ToolCall, ToolResult, ToolSpec, Toolbox } from './types.js';
export { ALL_TOOLS, toolNamed } from './registry.js';
export { createToolbox, verdictNow } from './toolbox.js';
