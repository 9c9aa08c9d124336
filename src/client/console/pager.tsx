import type { Dispatch, SetStateAction } from 'react';

/** Previous / "Page N of M" / Next under a console list (the catalogue tables and the audit log). */
export function Pager({
  page,
  pages,
  setPage,
}: {
  page: number;
  pages: number;
  setPage: Dispatch<SetStateAction<number>>;
}) {
  return (
    <div className="pager">
      <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
        Next
      </button>
    </div>
  );
}
