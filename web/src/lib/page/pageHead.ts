/** A page's head (title, description, canonical URL, link previews): what a page asks for, and the tags it becomes on the server and in the browser. */

/** What a public page tells search engines and link previews about itself. */
export interface PageHead {
  /** The page's own title; the shop's name is added after it. */
  title: string;
  description: string;
  /**
   * Its canonical path on the shop (/p/{slug}): the address every other one is a copy of. None
   * for a page that is no address of its own (the 404 page): no canonical URL then.
   */
  path?: string;
  /** An image of what the page is about, for link previews (absolute or a path on the shop). */
  image?: string | null;
  /** Open Graph's type: a part or product page is a "product". */
  type?: "website" | "product";
}

export const SHOP_NAME = "Partshop";

/** A tag of the head: the element, the attribute naming it and the attribute holding its value. */
export interface HeadTag {
  element: "meta" | "link";
  keyAttribute: "name" | "property" | "rel";
  key: string;
  valueAttribute: "content" | "href";
}

const metaName = (key: string): HeadTag => ({ element: "meta", keyAttribute: "name", key, valueAttribute: "content" });
const metaProperty = (key: string): HeadTag => ({
  element: "meta",
  keyAttribute: "property",
  key,
  valueAttribute: "content",
});
const CANONICAL: HeadTag = { element: "link", keyAttribute: "rel", key: "canonical", valueAttribute: "href" };

/** The tags of a page's head and their values: description, canonical URL, Open Graph and Twitter card. */
export function headTags(head: PageHead, origin: string): Array<[HeadTag, string | null]> {
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, origin).href;
  const url = head.path === undefined ? null : absolute(head.path);
  const image = head.image ? absolute(head.image) : null;
  return [
    [metaName("description"), head.description],
    [CANONICAL, url],
    [metaProperty("og:type"), head.type ?? "website"],
    [metaProperty("og:site_name"), SHOP_NAME],
    [metaProperty("og:title"), head.title],
    [metaProperty("og:description"), head.description],
    [metaProperty("og:url"), url],
    [metaProperty("og:image"), image],
    [metaName("twitter:card"), image ? "summary_large_image" : "summary"],
    [metaName("twitter:title"), head.title],
    [metaName("twitter:description"), head.description],
    [metaName("twitter:image"), image],
  ];
}

/** The document title of a page with a head of its own. */
export const pageTitle = (head: PageHead) => `${head.title} | ${SHOP_NAME}`;
