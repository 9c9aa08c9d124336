import { useState } from 'react';
import type { AdminTenant } from '../../shared/contract/admin';

// Any tenant's home with any layout document (the site's `?layout=` preview), at desktop and phone width side by side.
// The frames load the tenant's own host: a preview answer lets any tenant's host frame it (its CSP frame-ancestors),
// so the console may be open on another tenant's host.
const WIDTHS = [
  { label: 'Desktop', width: 1280, height: 800 },
  { label: 'Phone', width: 390, height: 800 },
];

export default function PreviewPanel({ tenant, layoutFiles }: { tenant: AdminTenant; layoutFiles: string[] }) {
  const homes = layoutFiles.filter((f) => f.startsWith('home/'));
  const current = tenant.layouts.home?.split(/[\\/]/).slice(-2).join('/') ?? '';
  const [layout, setLayout] = useState(current);
  const [nonce, setNonce] = useState(0);
  const host = tenant.hosts.includes(location.hostname) ? location.hostname : (tenant.hosts[0] ?? location.hostname);
  const origin = `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}`;
  const src = `${origin}/?layout=${encodeURIComponent(layout)}&preview=${nonce}`;

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
        <a href={src} target="_blank" rel="noreferrer">
          Open in a new tab
        </a>
      </div>
      <div className="frames">
        {WIDTHS.map((w) => (
          <figure key={w.label}>
            <figcaption>
              {w.label} ({w.width} px)
            </figcaption>
            <div className={`frame-box frame-${w.width}`}>
              <iframe
                title={`${tenant.data.name} home, ${w.label.toLowerCase()} width`}
                src={src}
                width={w.width}
                height={w.height}
              />
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
