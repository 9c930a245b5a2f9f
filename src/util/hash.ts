import { hash } from 'node:crypto';

/** One-shot: no Hash object per call, which counts at several digests per review. */
export function sha256Hex(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

/** A short stable id from parts; NUL-separated so ("a", "bc") and ("ab", "c") differ. */
export function stableId(...parts: Array<string | number>): string {
  return sha256Hex(parts.join('\0')).slice(0, 16);
}
