// How the bench starts Debian's Chromium (Lighthouse, the script and floor visits): never a downloaded browser.

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
