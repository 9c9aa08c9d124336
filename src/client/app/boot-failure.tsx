/** Shown instead of a blank page when the HTML came without its bootstrap (misconfigured proxy, dev server alone). */
export function BootFailure() {
  return (
    <main className="boot-failure">
      <h1>This site could not start</h1>
      <p>The page arrived without its settings. Please reload; if it keeps happening, the site is being updated.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
