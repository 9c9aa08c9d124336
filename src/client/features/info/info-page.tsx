import type { ReactNode } from 'react';
import './info.css';

interface Props {
  /** The page's h1. */
  title: string;
  /** One sentence under the title. */
  lead?: ReactNode;
  /** Extra class on the page (e.g. info-page-contact for the two-column contact layout). */
  className?: string;
  children: ReactNode;
}

/** Shared frame of the information pages (about, privacy, contact): a title band and a readable content card. */
export function InfoPage({ title, lead, className = '', children }: Props) {
  return (
    <div className={`page info-page ${className}`}>
      <header className="info-page-head">
        <h1 className="info-page-title">{title}</h1>
        {lead && <p className="info-page-lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}

/** A titled block of prose inside an information page. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="info-section">
      <h2 className="info-section-title">{title}</h2>
      {children}
    </section>
  );
}
