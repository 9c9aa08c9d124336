/**
 * New tabs for the reveal flow. A tab is opened synchronously inside the click (popup blockers allow
 * only that); when its address is not known yet it starts blank and is pointed at the address later.
 * Either way the opened page never gets a handle on this one (noopener semantics).
 */

/** A blank tab opened now, cut off from this page; null when the browser blocked it. */
export function openPendingTab(): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return tab ?? null;
}

/** Opens `url` in a new tab with noopener. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}

/** Points a pending tab at `url`, or opens a fresh noopener tab when there is none (blocked or not needed). */
export function sendTab(tab: Window | null, url: string): void {
  if (tab && !tab.closed) {
    tab.opener = null;
    tab.location.replace(url);
  } else {
    openInNewTab(url);
  }
}

/** Closes a pending tab the flow no longer needs (the link could not be found). */
export function closeTab(tab: Window | null): void {
  if (tab && !tab.closed) tab.close();
}
