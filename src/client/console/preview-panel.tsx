import { useEffect, useState } from 'react';
import type { AdminTenant, PreviewGrantAnswer } from '../../shared/contract/admin';
import { ConsoleError } from './api';
import { admin } from './admin-client';
import { PreviewFrames } from './preview-frames';

// Any tenant's home with any layout document (the site's `?layout=` preview), at desktop and phone width side by side.
// The frames (preview-frames.tsx) load the tenant's own host with a 15-minute preview grant the server signs for this
// tenant and document (issue 25): without it the site shows the published page.
type Grant = PreviewGrantAnswer['data'];

export default function PreviewPanel({ tenant, layoutFiles }: { tenant: AdminTenant; layoutFiles: string[] }) {
  const homes = layoutFiles.filter((f) => f.startsWith('home/'));
  const current = tenant.layouts.home?.split(/[\\/]/).slice(-2).join('/') ?? '';
  const [layout, setLayout] = useState(current);
  const [nonce, setNonce] = useState(0);
  const [grant, setGrant] = useState<Grant | null>(null);
  const [error, setError] = useState<string | null>(null);
  const host = tenant.hosts[0] ?? location.hostname;
  const origin = `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}`;

  useEffect(() => {
    let live = true;
    setGrant(null);
    setError(null);
    admin('createPreviewGrant', { body: { tenant: tenant._id, layout } })
      .then((res) => live && setGrant(res.data))
      .catch((err: unknown) => live && setError(err instanceof ConsoleError ? err.message : 'No preview grant.'));
    return () => {
      live = false;
    };
  }, [tenant._id, layout, nonce]);
  const src = grant ? `${origin}/${grant.query}` : null;

  return (
    <section className="panel preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Layout preview: {tenant.data.name}</h2>
      <div className="actions">
        <label>
          Home layout document
          <select value={layout} onChange={(e) => setLayout(e.target.value)}>
            {homes.map((f) => (
              <option key={f} value={f}>
                {f}
                {f === current ? ' (in use)' : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setNonce((n) => n + 1)}>
          Reload
        </button>
        {src && (
          <a href={src} target="_blank" rel="noopener noreferrer">
            Open in a new tab
          </a>
        )}
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <PreviewFrames
        src={src}
        busy={!src && !error}
        reload={nonce}
        title={(width) => `${tenant.data.name} home, ${width} width`}
      />
    </section>
  );
}
