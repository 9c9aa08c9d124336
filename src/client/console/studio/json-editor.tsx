import Prism from 'prismjs';
import 'prismjs/components/prism-json';
import type { ReactNode } from 'react';
import EditorModule from 'react-simple-code-editor';

// The studio's raw JSON tab (issue 29): a plain textarea (native editing, undo, screen readers) under a layer that
// colours the same text with Prism's JSON grammar. The layer is built as React elements from Prism's tokens, never as
// HTML, so nothing an operator types is ever parsed as markup.

// The package is CommonJS with `exports.default`: depending on the bundler's interop the default import is the
// component or the module object holding it.
const Editor = (EditorModule as unknown as { default?: typeof EditorModule }).default ?? EditorModule;

function tokensToNodes(tokens: (string | Prism.Token)[], key = 't'): ReactNode[] {
  return tokens.map((token, i) => {
    if (typeof token === 'string') return token;
    const content = token.content;
    const children =
      typeof content === 'string'
        ? content
        : tokensToNodes(Array.isArray(content) ? content : [content], `${key}-${i}`);
    const alias = Array.isArray(token.alias) ? token.alias.join(' ') : (token.alias ?? '');
    return (
      <span key={`${key}-${i}`} className={`token ${token.type} ${alias}`.trim()}>
        {children}
      </span>
    );
  });
}

function highlight(text: string): ReactNode {
  const grammar = Prism.languages.json;
  return grammar ? tokensToNodes(Prism.tokenize(text, grammar)) : text;
}

export function JsonEditor(props: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** Where the text does not parse, as "line 3, column 8: …" (shown under the editor). */
  error: string | null;
  label: string;
}) {
  return (
    <div className="json-editor">
      <label htmlFor={props.id}>{props.label}</label>
      <Editor
        value={props.value}
        onValueChange={props.onChange}
        highlight={highlight}
        padding={12}
        tabSize={2}
        insertSpaces
        textareaId={props.id}
        className="json-editor-box"
        textareaClassName="json-editor-input"
      />
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
      <p className="hint">Tab indents; press Escape, then Tab, to leave the editor.</p>
    </div>
  );
}
