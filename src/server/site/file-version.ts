import { stat } from 'node:fs/promises';

// The client build's files (index.html, section-chunks.json, render.js) are read again when a build replaces them,
// which every page used to learn by a stat() of each: three system calls and their promises per page, 2.4 % of the
// main thread on the miss path (issue 27). A file that is there is looked at again once its last look is
// RECHECK_MS old, so a new build is served within that time; a missing file (a build under way) is looked for every time,
// so the first page after the build never waits on an old "not there".

/** How long a file's last seen version is trusted. */
export const RECHECK_MS = 1_000;

/** The file's mtime (its version), or null while there is none. */
export function fileVersion(file: string, now: () => number = Date.now): () => Promise<number | null> {
  let seen: { at: number; mtimeMs: Promise<number | null> } | null = null;
  return () => {
    if (seen && now() - seen.at < RECHECK_MS) return seen.mtimeMs;
    const mtimeMs = stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    seen = { at: now(), mtimeMs };
    // A missing file is not trusted: the next call looks again.
    void mtimeMs.then((m) => {
      if (m === null && seen?.mtimeMs === mtimeMs) seen = null;
    });
    return mtimeMs;
  };
}
