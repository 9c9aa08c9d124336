import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS } from './chromium';
import { visit, type Resource } from './visit';

// Every script a demo home fetches before it is idle (issue 19, point 4), as served: Chromium's own first visit, the
// bytes on the wire (body in the coding the server chose, plus response headers, as Lighthouse counts transfer size).

export interface ScriptFile {
  url: string;
  coding: string;
  bodyBytes: number;
  transferBytes: number;
}
export interface HomeScripts {
  host: string;
  url: string;
  /** Whether <html data-app="ready"> (hydrated) was seen before idle. */
  ready: boolean;
  /** The Accept-Encoding values Chromium sent for these scripts (over plain http it may leave br out). */
  acceptEncoding: string[];
  scripts: ScriptFile[];
  transferBytes: number;
  bodyBytes: number;
  failed: string[];
}

export function scriptsOf(
  host: string,
  url: string,
  resources: Resource[],
  ready: boolean,
  failed: string[],
): HomeScripts {
  const scripts = resources.filter((r) => r.type === 'script');
  return {
    host,
    url,
    ready,
    acceptEncoding: [...new Set(scripts.map((s) => s.acceptEncoding ?? '(none)'))],
    scripts: scripts.map((s) => ({
      url: s.url,
      coding: s.coding,
      bodyBytes: s.bodyBytes,
      transferBytes: s.transferBytes,
    })),
    transferBytes: scripts.reduce((n, s) => n + s.transferBytes, 0),
    bodyBytes: scripts.reduce((n, s) => n + s.bodyBytes, 0),
    failed,
  };
}

/** One first visit of each tenant's home (empty cache each), in Debian's Chromium. */
export async function measureHomeScripts(port: number, hosts: string[]): Promise<HomeScripts[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  try {
    const out: HomeScripts[] = [];
    for (const host of hosts) {
      const url = `http://${host}:${port}/`;
      const v = await visit(browser, url);
      out.push(scriptsOf(host, url, v.resources, v.ready, v.failed));
    }
    return out;
  } finally {
    await browser.close();
  }
}
