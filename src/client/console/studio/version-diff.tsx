import { useEffect, useId, useState } from 'react';
import { diffLines, type Change } from 'diff';
import type { LayoutVersion } from '../../../shared/contract/layout-studio';
import { admin } from '../admin-client';
import { ConsoleError } from '../api';

// A document's history (issue 29): every published version that changed it, who and when, and a line diff between
// any two of them or between one and the text being edited.

const CURRENT = 'current';

export function VersionDiff(props: { path: string; versions: readonly LayoutVersion[]; current: string }) {
  const { path, versions } = props;
  const id = useId();
  const [from, setFrom] = useState<string>(versions[0] ? String(versions[0].version) : '');
  const [to, setTo] = useState<string>(CURRENT);
  const [texts, setTexts] = useState<Record<string, string | null>>({});
  const [error, setError] = useState<string | null>(null);
  const [kind, file] = path.split('/') as ['home', string];

  useEffect(() => {
    let live = true;
    for (const v of [from, to]) {
      if (!v || v === CURRENT || v in texts) continue;
      admin('layoutAtVersion', { params: { kind, file, version: Number(v) } })
        .then((res) => live && setTexts((t) => ({ ...t, [v]: res.data.body })))
        .catch((err: unknown) => live && setError(err instanceof ConsoleError ? err.message : 'Not loaded.'));
    }
    return () => {
      live = false;
    };
  }, [from, to, texts, kind, file]);

  if (versions.length === 0) return <p className="empty">Not published yet: there is no history to compare.</p>;
  const textOf = (v: string) => (v === CURRENT ? props.current : texts[v]);
  const a = textOf(from);
  const b = textOf(to);
  const changes: Change[] | null = a !== undefined && b !== undefined ? diffLines(a ?? '', b ?? '') : null;
  const label = (v: LayoutVersion) =>
    `Version ${v.version} (${v.action}, ${new Date(v.created_at).toLocaleString()}, ${v.author})`;

  return (
    <div className="studio-history">
      <ol className="studio-versions" aria-label={`Versions that changed ${path}`}>
        {versions.map((v) => (
          <li key={v.version}>
            <strong>Version {v.version}</strong> · {v.action} by {v.author} ·{' '}
            <time dateTime={v.created_at}>{new Date(v.created_at).toLocaleString()}</time>
            {v.note && <q>{v.note}</q>}
          </li>
        ))}
      </ol>
      <div className="row">
        <div className="field">
          <label htmlFor={`${id}-from`}>Compare</label>
          <select id={`${id}-from`} value={from} onChange={(e) => setFrom(e.target.value)}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                {label(v)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>with</label>
          <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
            <option value={CURRENT}>The text being edited</option>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                {label(v)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <DiffView changes={changes} />
    </div>
  );
}

function DiffView({ changes }: { changes: Change[] | null }) {
  if (!changes) return <p className="loading">Loading the versions…</p>;
  if (changes.every((c) => !c.added && !c.removed)) return <p className="empty">No difference.</p>;
  return (
    <pre className="diff studio-diff" aria-label="Line differences">
      {changes.map((c, i) => (
        <span key={i} className={c.added ? 'added' : c.removed ? 'removed' : 'same'}>
          {c.value
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => `${c.added ? '+ ' : c.removed ? '- ' : '  '}${line}\n`)
            .join('')}
        </span>
      ))}
    </pre>
  );
}
