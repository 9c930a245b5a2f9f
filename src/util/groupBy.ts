/** The list's elements grouped by key, groups and their members in first-appearance order. */
export function groupBy<T>(list: Iterable<T>, key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of list) {
    const k = key(t);
    const group = groups.get(k);
    if (group) group.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}
