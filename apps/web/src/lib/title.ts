/** "<page title> - <brand>", or the brand alone when the page has no title (docs/product.md, "Users and languages"). */
export function formatTitle(pageTitle: string | undefined, brand: string): string {
  return pageTitle ? `${pageTitle} - ${brand}` : brand;
}
