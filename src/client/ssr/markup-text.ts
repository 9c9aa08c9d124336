import { parse, type DefaultTreeAdapterMap } from 'parse5';

// The server's version of the browser's inert-DOMParser text of coupon markup (components/rich-text.tsx), so the HTML
// it draws before the sanitiser loads is the text the browser draws when it hydrates. parse5 builds the tree as the
// HTML standard says (leading whitespace and head elements leave the body, misnested tags are repaired), as
// DOMParser does with scripting off; elements DOMPurify drops whole give no text.
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'title',
]);

type Node = DefaultTreeAdapterMap['node'];

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (!('childNodes' in node) || ('tagName' in node && DROPPED.has(node.tagName))) return '';
  return node.childNodes.map(textOf).join('');
}

/** The body text of `html` parsed as a document, as `new DOMParser().parseFromString(html, 'text/html').body.textContent`. */
export function markupText(html: string): string {
  const document = parse(html, { scriptingEnabled: false });
  const root = document.childNodes.find((n) => n.nodeName === 'html');
  const body = root && 'childNodes' in root ? root.childNodes.find((n) => n.nodeName === 'body') : undefined;
  return body ? textOf(body) : '';
}
