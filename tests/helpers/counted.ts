/** A loader that answers `answer()` and counts its calls (memo tests: how often the database was asked). */
export function counted<T>(answer: () => T): { calls: { n: number }; load: () => Promise<T> } {
  const calls = { n: 0 };
  return {
    calls,
    load: () => {
      calls.n += 1;
      return Promise.resolve(answer());
    },
  };
}
