import { searchEvidence, readEvidence } from './evidence.js';
import { readWorkerNotes, writeFile } from './decoys.js';
import { runCode } from './runCode.js';
import type { Tool } from './types.js';

/** Every tool a critic may be offered, in the order they are offered. A new tool is a module and a line here. */
export const ALL_TOOLS: readonly Tool[] = [searchEvidence, readEvidence, runCode, readWorkerNotes, writeFile];

const BY_NAME = new Map<string, Tool>(ALL_TOOLS.map((t) => [t.name, t]));

/** The tool of that name; undefined for a name no tool has (a call a critic made up). */
export function toolNamed(name: string): Tool | undefined {
  return BY_NAME.get(name);
}
