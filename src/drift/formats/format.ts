import type { z } from 'zod';
import { formatPath } from '../../util/yamlSource.js';
import type { DriftConfig, LogFormatName } from '../config.js';
import type { ReadRecord } from '../record.js';

/** What is wrong with a value: the field (a path inside it; undefined for the value as a whole) and why. */
export interface Problem {
  field: string | undefined;
  problem: string;
}

/**
 * One log format `drift` reads: how its files' JSON values (a line, or a
 * whole document) are recognised and split into records, and how the fields
 * `drift.fields` names are read from a record.
 */
export interface LogFormat {
  /** As written in `drift.format`. */
  readonly name: LogFormatName;
  /** How messages name it. */
  readonly title: string;
  /** Content detection (`drift.format` absent): whether a file's first JSON value is in this format. */
  detect(value: unknown): boolean;
  /** With `drift.format` set: why a file's first JSON value is not in this format, or null when it is. */
  misfit(value: unknown): Problem | null;
  /** The reader of one JSON value into its records, built once per run. */
  reader(config: DriftConfig): (value: unknown) => ReadRecord[];
}

/** The first issue of a zod failure, as a problem with the value: its path inside the value, and its message. */
export function firstIssue(error: z.ZodError): Problem {
  const issue = error.issues[0]!;
  return { field: formatPath(issue.path) || undefined, problem: issue.message };
}

/** A zod failure as a bad record, located inside its line or document. */
export function badRecord(error: z.ZodError, record?: string): ReadRecord {
  return { ...firstIssue(error), ...(record ? { record } : {}) };
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
