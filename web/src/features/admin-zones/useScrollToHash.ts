import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/**
 * Brings the element the address's #fragment names into view once `ready` (the list it is in has
 * loaded): History links a zone's entries to `/dashboard/shipping#shipping-zone-<id>`.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: "start" });
  }, [ready, hash]);
}
