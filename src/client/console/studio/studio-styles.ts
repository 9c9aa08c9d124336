// The layout studio's styles (issue 29). The console draws with its own page's styles (admin.html), never the shop's
// stylesheet, and the studio is a lazy chunk: it carries its rules in a <style> element of its own. Wide screens: the
// documents, the form and the preview side by side; narrower: the preview under the form; a phone: one column.
export const STUDIO_STYLES = `
main:has(> .studio) {
  max-width: none;
}
.studio-layout {
  display: grid;
  grid-template-columns: 16rem minmax(0, 1fr);
  gap: 1rem;
  align-items: start;
}
.studio-nav,
.studio-main {
  min-width: 0;
}
.studio-nav {
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
}
.studio-nav h3 {
  font-size: 0.95rem;
  margin: 0 0 0.4rem;
}
.studio-kind ul,
.studio-kind ol {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.3rem;
}
.studio-kind li > button {
  display: grid;
  width: 100%;
  text-align: left;
  gap: 0.1rem;
  overflow-wrap: anywhere;
}
.studio-kind li > button small,
.studio-set-versions small {
  color: var(--muted);
  display: block;
}
.studio-kind li > button[aria-current='true'] {
  border-color: var(--accent);
  box-shadow: inset 3px 0 0 var(--accent);
}
.studio-set-versions li {
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 6px;
  padding: 0.4rem 0.6rem;
  display: grid;
  gap: 0.2rem;
  overflow-wrap: anywhere;
}
.studio-new {
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.75rem;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.5rem;
}
.studio-new input,
.studio-new select {
  min-width: 0;
}
.studio-new .field {
  margin: 0;
}
.studio-columns {
  display: grid;
  grid-template-columns: minmax(28rem, 1fr) 700px;
  gap: 1rem;
  align-items: start;
}
.studio-compose {
  display: grid;
  gap: 1rem;
  min-width: 0;
}
.studio-tabpanel {
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 0 8px 8px 8px;
  padding: 0.75rem;
  min-height: 12rem;
}
.studio-editor-head h2 small {
  display: block;
  margin-top: 0.2rem;
}
.studio-save-state {
  color: var(--muted);
  margin: 0 0 0.5rem;
  min-height: 1.45em;
}
.studio-sections {
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  display: grid;
  gap: 0.4rem;
}
.studio-section {
  border: 1px solid var(--line);
  border-radius: 8px;
  background: #fff;
  position: relative;
}
.studio-section.dragging {
  z-index: 1;
  box-shadow: 0 6px 18px rgb(0 0 0 / 0.15);
}
.studio-section.has-problems {
  border-color: var(--danger);
}
.studio-section-row {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
  padding: 0.35rem;
}
.drag-handle {
  cursor: grab;
  touch-action: none;
  font-size: 1.2rem;
  line-height: 1;
  padding: 0.3rem 0.5rem;
}
.section-toggle {
  flex: 1 1 12rem;
  text-align: left;
  display: flex;
  gap: 0.5rem;
  align-items: baseline;
  border-color: transparent;
}
.section-toggle small {
  color: var(--muted);
}
.section-toggle[aria-expanded='true'] .section-name {
  text-decoration: underline;
}
.problem-count {
  color: var(--danger);
  font-size: 0.85rem;
  font-weight: 600;
}
.studio-section .row-actions {
  display: flex;
  gap: 0.25rem;
}
.studio-section-body {
  border-top: 1px solid var(--line);
  padding: 0.75rem;
}
.studio-problems {
  color: var(--danger);
  margin: 0.3rem 0;
  padding-left: 1.2rem;
  font-size: 0.9rem;
  overflow-wrap: anywhere;
}
.studio-problems code {
  color: var(--muted);
}
.studio-palette input[type='search'] {
  width: 100%;
  margin-bottom: 0.5rem;
}
.studio-palette-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 0.5rem;
}
.palette-card {
  display: grid;
  grid-template-columns: 120px minmax(0, 1fr);
  gap: 0.6rem;
  width: 100%;
  height: 100%;
  text-align: left;
  align-items: start;
}
.palette-card img,
.palette-thumb {
  width: 120px;
  height: 72px;
  border-radius: 4px;
  background: var(--bg);
  display: block;
}
.palette-thumb {
  background:
    linear-gradient(#d1d5db, #d1d5db) 10px 12px / 60% 10px no-repeat,
    linear-gradient(#e5e7eb, #e5e7eb) 10px 32px / 80% 28px no-repeat,
    var(--bg);
}
.palette-text {
  display: grid;
  gap: 0.2rem;
  min-width: 0;
}
.palette-text small {
  color: var(--muted);
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
}
.studio-check {
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.75rem;
}
.studio-check .actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
}
.studio-check .actions input {
  flex: 1 1 14rem;
}
.studio-audience fieldset {
  border: 1px solid var(--line);
  border-radius: 8px;
  margin: 0 0 0.75rem;
}
.studio-audience .checks,
.studio-audience .row,
.studio-history .row {
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1rem;
}
.json-editor-box {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.85rem;
  background: #f9fafb;
  border: 1px solid var(--line);
  border-radius: 6px;
  min-height: 20rem;
}
.json-editor-input:focus {
  outline: 2px solid var(--accent);
  outline-offset: -2px;
}
.json-editor .token.property { color: #1d4ed8; }
.json-editor .token.string { color: #166534; }
.json-editor .token.number { color: #9a3412; }
.json-editor .token.boolean,
.json-editor .token.keyword { color: #7c3aed; }
.json-editor .token.punctuation,
.json-editor .token.operator { color: #4b5563; }
.studio-versions {
  padding-left: 1.2rem;
}
.studio-versions q {
  margin-left: 0.4rem;
  color: var(--muted);
}
.studio-diff {
  max-height: 28rem;
  overflow: auto;
  background: #f9fafb;
  border: 1px solid var(--line);
  padding: 0.5rem;
  font-size: 0.8rem;
}
.studio-diff .added { background: #dcfce7; display: block; }
.studio-diff .removed { background: #fee2e2; display: block; }
.studio-diff .same { color: var(--muted); display: block; }
.studio-preview {
  display: grid;
  gap: 0.5rem;
}
.studio-preview-head {
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 0.6rem;
  align-items: center;
}
.studio-preview-head h3 {
  flex-basis: 100%;
  margin: 0;
}
.studio-preview-head label {
  display: inline;
  margin: 0;
}
.studio-preview-head select,
.studio-preview-head input {
  width: auto;
}
.studio-preview {
  position: sticky;
  top: 0.5rem;
}
.studio-preview-state {
  color: var(--muted);
  font-size: 0.85rem;
}
.studio-frames {
  display: flex;
  gap: 0.75rem;
  align-items: start;
}
.studio-frames .frame-box {
  position: relative;
}
.studio-frames iframe {
  position: absolute;
  left: 0;
  top: 0;
  transform-origin: 0 0;
}
.studio-frames .frame-1280 {
  width: 448px;
  height: 280px;
}
.studio-frames .frame-1280 iframe {
  transform: scale(0.35);
}
.studio-frames .frame-390 {
  width: 234px;
  height: 480px;
  max-height: none;
}
.studio-frames .frame-390 iframe {
  transform: scale(0.6);
  transform-origin: 0 0;
}
.experiment-report {
  display: grid;
  gap: 0.75rem;
  overflow-x: auto;
}
.experiment-report .key {
  display: inline-block;
  width: 0.8rem;
  height: 0.8rem;
  vertical-align: middle;
  margin: 0 0.2rem 0 0.6rem;
}
.experiment-report .key-reveals {
  background: #1d4ed8;
}
.experiment-report .key-clicks {
  background: #166534;
}
.experiment-table caption {
  text-align: left;
  color: var(--muted);
  margin-bottom: 0.3rem;
}
@media (max-width: 1700px) {
  .studio-columns {
    grid-template-columns: minmax(0, 1fr);
  }
  .studio-preview {
    position: static;
  }
}
@media (max-width: 800px) {
  .studio-layout {
    grid-template-columns: minmax(0, 1fr);
  }
  .studio-frames {
    flex-direction: column;
  }
  .studio-frames .frame-1280 {
    width: 320px;
    height: 200px;
  }
  .studio-frames .frame-1280 iframe {
    transform: scale(0.25);
  }
}
`;
