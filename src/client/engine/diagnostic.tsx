/** The visible problem box operators see in preview mode (never shown to shoppers). */
export function Diagnostic({
  file,
  problems,
}: {
  file: string;
  problems: readonly { pointer: string; message: string }[];
}) {
  return (
    <div className="layout-diagnostic" role="note" data-testid="layout-diagnostic">
      <strong>Layout problem in {file}</strong>
      <ul>
        {problems.map((p) => (
          <li key={`${p.pointer}:${p.message}`}>
            <code>{p.pointer || '/'}</code> {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
