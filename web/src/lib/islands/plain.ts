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
let active = true;

/** True while plain script answers (no island under it has started). */
export const plainScriptsActive = () => active;

/** The element marked `data-plain="<name>"` that an event happened in, while plain script answers. */
export function plainTarget(event: Event, name: string): HTMLElement | null {
  if (!active || !(event.target instanceof Element)) return null;
  return event.target.closest<HTMLElement>(`[${PLAIN_ATTRIBUTE}="${name}"]`);
}

/** Registers what a plain script does when React takes the page over. */
export function onStepAside(stepAside: StepAside): void {
  stepAsides.push(stepAside);
}

/** Stops every plain script under `root`; returns what to do again once React has hydrated it. */
export function stepAsideForReact(root: ParentNode): () => void {
  active = false;
  const redo = stepAsides.map((stepAside) => stepAside(root)).filter((entry) => typeof entry === "function");
  return () => redo.forEach((entry) => entry());
}
