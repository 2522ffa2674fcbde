/** Names as a sentence lists them: "A", "A and B", "A, B and C". */
export const listNames = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
