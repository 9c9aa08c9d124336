import type { Bootstrap } from '../../src/server/site/html';

// Reading what the server wrote into a page: head tags, JSON-LD graph, bootstrap.
export type Node = Record<string, unknown>;

export function headOf(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error('no </head> in page');
  return html.slice(0, end);
}

/** The content of <meta name|property="key" content="…"> (HTML-decoded), or undefined. */
export function metaContent(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`);
  const raw = re.exec(headOf(html))?.[1];
  return raw
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)">/.exec(headOf(html))?.[1];
}

export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(headOf(html))?.[1];
}

/** Every JSON-LD script of the head as [nonce, parsed]; throws when one is not valid JSON. */
export function jsonLdScripts(html: string): { nonce: string | undefined; doc: Node }[] {
  const out: { nonce: string | undefined; doc: Node }[] = [];
  const re = /<script type="application\/ld\+json"(?: nonce="([^"]*)")?>([\s\S]*?)<\/script>/g;
  for (let m = re.exec(headOf(html)); m; m = re.exec(headOf(html)))
    out.push({ nonce: m[1], doc: JSON.parse(m[2] ?? '') as Node });
  return out;
}

/** The nodes of the page's JSON-LD (@graph flattened). */
export function jsonLdNodes(html: string): Node[] {
  return jsonLdScripts(html).flatMap(({ doc }) => (Array.isArray(doc['@graph']) ? (doc['@graph'] as Node[]) : [doc]));
}

export const nodesOfType = (html: string, type: string): Node[] => jsonLdNodes(html).filter((n) => n['@type'] === type);

export function bootstrapOf(html: string): Bootstrap {
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no bootstrap in page');
  return JSON.parse(m[1]) as Bootstrap;
}
