import { useId, useState } from 'react';
import { sectionCatalogue, type CatalogueEntry } from './section-catalogue';

// Adding a section (issue 29): every section type of the contract that fits the document's kind, with its name,
// description and thumbnail (src/sections/<type>/thumbnail.svg, else a plain one), filtered by a search box. A type
// added to the contract appears here with no studio code changed: the list comes from the schemas.

export function SectionPalette(props: { kind: string; onAdd: (entry: CatalogueEntry) => void }) {
  const [query, setQuery] = useState('');
  const id = useId();
  const q = query.trim().toLowerCase();
  const entries = sectionCatalogue().filter(
    (e) =>
      (e.kinds as readonly string[]).includes(props.kind) &&
      (!q || `${e.type} ${e.title} ${e.description}`.toLowerCase().includes(q)),
  );
  return (
    <section className="studio-palette" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add a section</h3>
      <label htmlFor={`${id}-q`} className="sr-only">
        Find a section type
      </label>
      <input
        id={`${id}-q`}
        type="search"
        placeholder="Find a section type"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {entries.length === 0 ? (
        <p className="empty">
          No section type of a {props.kind} document matches “{query}”.
        </p>
      ) : (
        <ul className="studio-palette-list" role="list">
          {entries.map((entry) => (
            <li key={entry.type}>
              <button type="button" className="palette-card" onClick={() => props.onAdd(entry)}>
                {entry.thumbnail ? (
                  <img src={entry.thumbnail} alt="" width={120} height={72} />
                ) : (
                  <span className="palette-thumb" aria-hidden="true" />
                )}
                <span className="palette-text">
                  <strong>
                    <span className="sr-only">Add </span>
                    {entry.title}
                  </strong>
                  <small>{entry.description}</small>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
