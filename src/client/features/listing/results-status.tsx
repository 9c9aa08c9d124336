/** The count line of a list, visible and announced politely when it changes (screen readers hear new results). */
export function ResultsStatus({ text, quiet = false }: { text: string | null; quiet?: boolean }) {
  // quiet: announced but not shown (the page already says it in large type, e.g. an empty search).
  return (
    <p className={quiet ? 'visually-hidden' : 'listing-status'} role="status" aria-live="polite" aria-atomic="true">
      {text ?? ''}
    </p>
  );
}
