// The settings form's styles (issue 29). Like the rest of the console (admin.html, studio-styles.ts) they travel in a
// <style> element of the form's own: the shop's one stylesheet never carries console rules. Fields sit in a grid that
// folds to one column on a phone (390 px); groups and lists take the whole row; buttons wrap rather than overflow.
export const SETTINGS_FORM_STYLES = `
.settings-form {
  min-width: 0;
}
.settings-fields {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  gap: 0 1rem;
  align-items: start;
}
.settings-fields > .settings-object,
.settings-fields > .settings-list,
.settings-fields > .settings-long-text,
.settings-fields > .settings-json {
  grid-column: 1 / -1;
}
.settings-field {
  display: flex;
  flex-direction: column;
  min-width: 0;
}
.settings-field > label {
  margin-bottom: 0.25rem;
}
.settings-checkbox {
  flex-direction: row;
  flex-wrap: wrap;
  align-items: center;
  gap: 0 0.5rem;
}
.settings-checkbox > label {
  margin: 0;
  flex: 1 1 0;
  min-width: 0;
}
.settings-checkbox > .hint,
.settings-checkbox > .field-error,
.settings-checkbox > .settings-tools {
  flex-basis: 100%;
}
.settings-field .hint {
  font-size: 0.85rem;
  margin: 0.25rem 0 0;
  overflow-wrap: anywhere;
}
.settings-field .field-error p,
.settings-object > .field-error p,
.settings-list > .field-error p {
  margin: 0;
}
.settings-none {
  margin: 0.3rem 0 0;
}
.settings-const {
  display: block;
  padding: 0.4rem 0;
}
.settings-object,
.settings-list {
  min-width: 0;
  padding: 0.5rem 0.75rem 0.25rem;
  margin: 0 0 0.75rem;
}
.settings-object .settings-object,
.settings-list .settings-object {
  background: #fafafa;
}
.settings-items {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
}
.settings-items > li {
  border-bottom: 1px solid #e5e7eb;
  padding: 0.25rem 0;
  min-width: 0;
}
.settings-values {
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 11rem), 1fr));
  gap: 0.25rem 1rem;
}
.settings-object > .hint,
.settings-list > .hint,
.settings-object > .field-error,
.settings-list > .field-error {
  font-size: 0.85rem;
  margin: 0 0 0.5rem;
}
.settings-tools,
.settings-item-tools {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.5rem;
  align-items: center;
  margin: 0.35rem 0 0.5rem;
}
.settings-item-tools {
  margin: 0;
}
.settings-item-tools button {
  min-width: 2.25rem;
}
.settings-unset {
  font-size: 0.85rem;
  min-height: 2rem;
  padding: 0.2rem 0.6rem;
}
.settings-stray {
  border: 2px solid var(--danger);
  border-radius: 8px;
  background: #fef2f2;
  padding: 0.5rem 0.75rem;
  margin: 0 0 0.75rem;
  overflow-wrap: anywhere;
}
.settings-stray p,
.settings-stray ul {
  margin: 0;
}
.settings-stray ul {
  padding-left: 1.25rem;
}
`;
