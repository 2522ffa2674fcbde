// The NUL character (U+0000): PostgreSQL cannot store it in text, so any text or query value carrying it is refused as bad
// input with a field message (400), before it reaches a query that would fail with a 500.

export const NUL_MESSAGE = 'Must not contain the NUL character (U+0000)';

/** The dotted paths of every string in a value that contains NUL (object keys included). */
export function nulPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path.join('.') || '_'] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => nulPaths(item, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      key.includes('\u0000') ? [[...path, key.replaceAll('\u0000', '')].join('.')] : nulPaths(item, [...path, key]),
    );
  }
  return [];
}

/** PostgreSQL's answers to a NUL in text: 22021 (invalid byte sequence) and 22P05 (untranslatable character). */
export function hasNulCode(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '22021' || e.code === '22P05') return true;
  }
  return false;
}
