import { useEffect } from "react";

/** What a public page tells search engines and link previews about itself. */
export interface PageHead {
  /** The page's own title; the shop's name is added after it. */
  title: string;
  description: string;
  /** Its canonical path on the shop (/p/{slug}): the address every other one is a copy of. */
  path: string;
  /** An image of what the page is about, for link previews (absolute or a path on the shop). */
  image?: string | null;
  /** Open Graph's type: a part or product page is a "product". */
  type?: "website" | "product";
}

export const SHOP_NAME = "Partshop";

type HeadTag = { selector: string; create: () => HTMLElement; attribute: "content" | "href" };

const metaName = (name: string): HeadTag => ({
  selector: `meta[name="${name}"]`,
  create: () => Object.assign(document.createElement("meta"), { name }),
  attribute: "content",
});

function metaProperty(value: string): HeadTag {
  return {
    selector: `meta[property="${value}"]`,
    create: () => {
      const element = document.createElement("meta");
      element.setAttribute("property", value);
      return element;
    },
    attribute: "content",
  };
}

const CANONICAL: HeadTag = {
  selector: 'link[rel="canonical"]',
  create: () => Object.assign(document.createElement("link"), { rel: "canonical" }),
  attribute: "href",
};

const absolute = (pathOrUrl: string) => new URL(pathOrUrl, window.location.origin).href;

/** The tags of a page's head and their values: description, canonical URL, Open Graph and Twitter card. */
function headTags(head: PageHead): Array<[HeadTag, string | null]> {
  const url = absolute(head.path);
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

/**
 * Sets the document's title, description, canonical URL and link-preview tags while the page is
 * shown, and puts back what was there (the site's defaults in index.html) when it goes.
 */
export function usePageHead(head: PageHead | null): void {
  const key = head ? JSON.stringify(head) : null;
  useEffect(() => {
    if (!key) return undefined;
    const wanted = JSON.parse(key) as PageHead;
    const previousTitle = document.title;
    document.title = `${wanted.title} | ${SHOP_NAME}`;
    const restores = headTags(wanted).map(([tag, value]) => {
      let element = document.head.querySelector<HTMLElement>(tag.selector);
      const previous = element?.getAttribute(tag.attribute) ?? null;
      const created = !element;
      if (value === null) {
        element?.remove();
        return () => {
          if (element && previous !== null) document.head.append(element);
        };
      }
      element ??= document.head.appendChild(tag.create());
      element.setAttribute(tag.attribute, value);
      return () => {
        if (created) element.remove();
        else if (previous !== null) element.setAttribute(tag.attribute, previous);
      };
    });
    return () => {
      document.title = previousTitle;
      for (const restore of restores) restore();
    };
  }, [key]);
}
