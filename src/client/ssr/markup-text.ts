import type { htmlToDOM } from 'html-react-parser';

// The server's version of the browser's inert-DOMParser text of coupon markup (rich-text.tsx), so the HTML it draws
// before the sanitiser loads is the text the browser draws when it hydrates: elements DOMPurify drops whole give none.
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'title']);

type Node = ReturnType<typeof htmlToDOM>[number];

function textOf(nodes: readonly Node[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += (node as { data: string }).data;
    else if ('children' in node && !(('name' in node) && DROPPED.has(String(node.name).toLowerCase()))) out += textOf(node.children as Node[]);
  }
  return out;
}

export function serverMarkupText(parse: typeof htmlToDOM): (html: string) => string {
  return (html) => textOf(parse(html));
}
