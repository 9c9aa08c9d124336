/** Only absolute http(s) URLs may leave the site: javascript:, data:, relative or protocol-relative text is ignored. */
export function httpUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || !/^https?:\/\//i.test(text)) return null;
  try {
    new URL(text); // rejects a malformed host such as 'http://' or 'https://a b'
    return text;
  } catch {
    return null;
  }
}
