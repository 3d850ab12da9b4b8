import { useContext, useEffect } from "react";
import { PageResponseContext } from "./PageResponse";
import { headTags, pageTitle, type PageHead } from "./pageHead";

/**
 * Sets the document's title, description, canonical URL and link-preview tags while the page is
 * shown, and puts back what was there (the site's defaults in index.html) when it goes.
 */
export function usePageHead(head: PageHead | null): void {
  const key = head ? JSON.stringify(head) : null;
  // On the server no effect runs: the head is handed to the server, which writes it into the page.
  const serverResponse = useContext(PageResponseContext);
  if (serverResponse && head) serverResponse.setHead(head);
  useEffect(() => {
    if (!key) return undefined;
    const wanted = JSON.parse(key) as PageHead;
    const previousTitle = document.title;
    document.title = pageTitle(wanted);
    const restores = headTags(wanted, window.location.origin).map(([tag, value]) => {
      let element = document.head.querySelector<HTMLElement>(`${tag.element}[${tag.keyAttribute}="${tag.key}"]`);
      const previous = element?.getAttribute(tag.valueAttribute) ?? null;
      const created = !element;
      if (value === null) {
        element?.remove();
        return () => {
          if (element && previous !== null) document.head.append(element);
        };
      }
      if (!element) {
        element = document.head.appendChild(document.createElement(tag.element));
        element.setAttribute(tag.keyAttribute, tag.key);
      }
      element.setAttribute(tag.valueAttribute, value);
      return () => {
        if (created) element.remove();
        else if (previous !== null) element.setAttribute(tag.valueAttribute, previous);
      };
    });
    return () => {
      document.title = previousTitle;
      for (const restore of restores) restore();
    };
  }, [key]);
}
