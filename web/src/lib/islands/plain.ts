/**
 * Plain script for parts of a page React would cost more than it gives: an element marked
 * `data-plain` is answered by a few lines of script while its island has not started, and the
 * island's loader leaves it alone (its code is not fetched for it). When the island does start,
 * each plain script steps aside first (putting back what React must hydrate), and may hand React
 * what it did, to be done again once React has the page.
 */
export const PLAIN_ATTRIBUTE = "data-plain";

type StepAside = (root: ParentNode) => (() => void) | void;
const stepAsides: StepAside[] = [];
/** The islands React has taken: plain script no longer answers inside them. */
const taken = new Set<Node>();

/** The element marked `data-plain="<name>"` that an event happened in, while plain script answers it. */
export function plainTarget(event: Event, name: string): HTMLElement | null {
  if (event.defaultPrevented || !(event.target instanceof Element)) return null;
  const element = event.target.closest<HTMLElement>(`[${PLAIN_ATTRIBUTE}="${name}"]`);
  return element && !takenByReact(element) ? element : null;
}

/** True once React has taken the island `node` is in. */
export function takenByReact(node: Node): boolean {
  return [...taken].some((root) => root.contains(node));
}

/** Registers what a plain script does when React takes the page over. */
export function onStepAside(stepAside: StepAside): void {
  stepAsides.push(stepAside);
}

/** Stops every plain script under `root`; returns what to do again once React has hydrated it. */
export function stepAsideForReact(root: ParentNode): () => void {
  taken.add(root);
  const redo = stepAsides.map((stepAside) => stepAside(root)).filter((entry) => typeof entry === "function");
  return () => redo.forEach((entry) => entry());
}

/**
 * Where a GET form goes, as the app writes its addresses: words trimmed, empty fields left out
 * (the browser's own submission would send `?q=&brand=`). `without` names fields to leave out too.
 */
export function getFormAddress(form: HTMLFormElement, without: readonly string[] = []): string {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    const text = typeof value === "string" ? value.trim() : "";
    if (text !== "" && !without.includes(name)) query.append(name, text);
  }
  const search = query.toString();
  return `${form.getAttribute("action") ?? location.pathname}${search ? `?${search}` : ""}`;
}
