// Small inline icons for the header and footers (no icon font, no extra request); always decorative.
const PATHS = {
  search:
    'M10.5 4a6.5 6.5 0 1 0 4.03 11.6l4.43 4.43 1.42-1.42-4.43-4.43A6.5 6.5 0 0 0 10.5 4zm0 2a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9z',
  menu: 'M4 6h16v2H4zm0 5h16v2H4zm0 5h16v2H4z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  home: 'M12 3 3 10.5V21h6.5v-6h5v6H21V10.5zm0 2.6 7 5.8V19h-2.5v-6h-9v6H5v-7.6z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3.5v2h2v-2zm0 4V17h2v-5.5z',
  mail: 'M3 5h18v14H3zm2 2v.5l7 4.4 7-4.4V7zm14 2.9-7 4.4-7-4.4V17h14z',
  phone:
    'M6.6 3 9.8 6.2 8 9.3c1.3 2.7 3.9 5.3 6.7 6.7l3.1-1.8 3.2 3.2-2 3.6c-.3.5-.9.8-1.5.7C9.8 20.9 3.1 14.2 2.3 6.5c-.1-.6.2-1.2.7-1.5z',
  pin: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z',
  shield:
    'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5zm0 2.2 6 2.2V11c0 3.9-2.5 7.3-6 8.8-3.5-1.5-6-4.9-6-8.8V6.4z',
  grid: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  bolt: 'M13 2 4 14h6l-1 8 9-12h-6z',
  megaphone:
    'M18 4v16l-6-3.5H8l1 4.5H6.5L5 16.5A3.5 3.5 0 0 1 5.5 9.5H12zm-2 3.4-3.5 2.1H6a1.5 1.5 0 0 0 0 3h6.5l3.5 2.1zM20 10h2v4h-2z',
  percent:
    'M7.5 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm9 7a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM18.3 4.3l1.4 1.4-14 14-1.4-1.4z',
  arrowUp: 'M12 4 4.5 11.5l1.4 1.4L11 7.8V20h2V7.8l5.1 5.1 1.4-1.4z',
  store:
    'M4 4h16l1 5a3 3 0 0 1-2 2.8V20H5v-8.2A3 3 0 0 1 3 9zm1.7 2-.7 3a1 1 0 0 0 2 0h2a1 1 0 0 0 2 0h2a1 1 0 0 0 2 0h2a1 1 0 0 0 2 0l-.7-3zM7 12v6h10v-6a3 3 0 0 1-2-.8 3 3 0 0 1-3 .8 3 3 0 0 1-3-.8 3 3 0 0 1-2 .8z',
} as const;

export type ChromeIconName = keyof typeof PATHS;

export function ChromeIcon({
  name,
  size = 20,
  className,
}: {
  name: ChromeIconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** An icon for a site route (mobile footer, promo items); a generic one for anything else. */
export function iconForRoute(to: string): ChromeIconName {
  const path = to.split('?')[0]?.toLowerCase() ?? '';
  if (path === '/') return 'home';
  if (path.startsWith('/about')) return 'info';
  if (path.startsWith('/contact')) return 'mail';
  if (path.startsWith('/privacy')) return 'shield';
  if (path.startsWith('/categor')) return 'grid';
  if (path.startsWith('/store')) return 'store';
  return 'bolt';
}
