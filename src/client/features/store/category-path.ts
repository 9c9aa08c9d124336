/** In-app path of a category page; names carry spaces, '&' and ',' so they are URI-encoded. */
export function categoryHref(category: string): string {
  return `/category/${encodeURIComponent(category)}`;
}

/** The category's name as the data spells it when the address differs only in case (/category/electronics → Electronics). */
export function canonicalCategory(fromAddress: string, fromData: readonly { category: string }[]): string {
  const wanted = fromAddress.trim().toLowerCase();
  return (
    fromData.find((c) => typeof c.category === 'string' && c.category.toLowerCase() === wanted)?.category ?? fromAddress
  );
}
