/**
 * Islands: the pieces of a server-rendered page that come alive on their own. The page marks
 * each with `data-island="<name>"`; it starts (its code fetched, then hydrated) when it is first
 * used: focused, pressed, typed into. What the shopper does to an island before it has started
 * is not lost: a press or a submission is held back and done again once it has, and a value
 * typed or chosen is handed to it as a change.
 */

/** Hydrates an island's element; settles once the island answers events itself. */
export type StartIsland = (element: HTMLElement) => Promise<void>;
/** Fetches an island's code: its starter. */
export type IslandLoader = () => Promise<StartIsland>;

export const ISLAND_ATTRIBUTE = "data-island";

type Held =
  | { kind: "press"; target: HTMLElement }
  | { kind: "submit"; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: "value"; target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement };

interface IslandState {
  started: Promise<void> | null;
  live: boolean;
  held: Held[];
}

/** Events that say an island is about to be used: its code is fetched from the first of them. */
const FIRST_USE = ["pointerdown", "focusin", "keydown", "input", "touchstart"] as const;

const isFormControl = (target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React reads a control's change from a tracker of the value it last saw: hydration records the
 * value already typed, so the value is given to the tracker as "something else", put back behind
 * its back, and the change announced.
 */
function announceValue(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): void {
  const property = control instanceof HTMLInputElement && /^(checkbox|radio)$/.test(control.type) ? "checked" : "value";
  const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), property);
  if (property === "checked") return; // a box is ticked by a click, which is held and done again
  const value = control.value;
  control.value = value === "" ? " " : "";
  own?.set?.call(control, value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

async function replay(held: Held[]): Promise<void> {
  for (const entry of held) {
    await nextTask();
    if (entry.kind === "value") {
      if (entry.target.isConnected) announceValue(entry.target);
    } else if (entry.kind === "press") {
      if (entry.target.isConnected) entry.target.click();
    } else if (entry.form.isConnected) {
      const submitter = entry.submitter?.isConnected && entry.submitter.closest("form") === entry.form ? entry.submitter : null;
      entry.form.requestSubmit(submitter);
    }
  }
}

export interface IslandOptions {
  /** Islands started as soon as the page is read (a signed-in shopper's page, whose header needs the session). */
  startAtOnce?: (name: string) => boolean;
  /** Called when an island could not start (its code could not be fetched): the page stays as the server sent it. */
  onError?: (error: unknown) => void;
}

/**
 * Watches the page's islands and starts each on first use (see above). Returns the islands'
 * elements it found.
 */
export function watchIslands(loaders: Record<string, IslandLoader>, options: IslandOptions = {}): HTMLElement[] {
  const states = new Map<HTMLElement, IslandState>();
  const elements = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].filter(
    (element) => loaders[element.getAttribute(ISLAND_ATTRIBUTE) ?? ""],
  );
  for (const element of elements) states.set(element, { started: null, live: false, held: [] });

  const islandOf = (target: EventTarget | null): [HTMLElement, IslandState] | null => {
    const element = target instanceof Element ? target.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`) : null;
    const state = element ? states.get(element) : undefined;
    return element && state ? [element, state] : null;
  };

  const start = (element: HTMLElement, state: IslandState): Promise<void> =>
    (state.started ??= loaders[element.getAttribute(ISLAND_ATTRIBUTE)!]()
      .then((startIsland) => startIsland(element))
      .then(async () => {
        state.live = true;
        const held = state.held.splice(0);
        await replay(held);
      })
      .catch((error: unknown) => {
        // The page keeps working as plain HTML: what was held back is let through as the browser would.
        state.live = true;
        options.onError?.(error);
      }));

  const onFirstUse = (event: Event) => {
    const found = islandOf(event.target);
    if (!found || found[1].live) return;
    void start(...found);
    if (event.type === "input" && isFormControl(event.target)) {
      const target = event.target;
      if (!found[1].held.some((entry) => entry.kind === "value" && entry.target === target))
        found[1].held.push({ kind: "value", target });
    }
  };
  const holdPress = (event: MouseEvent) => {
    const found = islandOf(event.target);
    if (!found || found[1].live || !(event.target instanceof Element)) return;
    // A link works without the island: the browser opens it.
    if (event.target.closest("a[href]")) return;
    const target = event.target.closest<HTMLElement>("button, input, label, select, summary, [role='button']");
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    found[1].held.push({ kind: "press", target });
    void start(...found);
  };
  const holdSubmit = (event: SubmitEvent) => {
    const found = islandOf(event.target);
    if (!found || found[1].live || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    found[1].held.push({ kind: "submit", form: event.target, submitter: event.submitter });
    void start(...found);
  };
  const holdChange = (event: Event) => {
    const found = islandOf(event.target);
    if (!found || found[1].live || !isFormControl(event.target)) return;
    const target = event.target;
    if (!found[1].held.some((entry) => entry.kind === "value" && entry.target === target))
      found[1].held.push({ kind: "value", target });
    void start(...found);
  };

  for (const type of FIRST_USE) document.addEventListener(type, onFirstUse, { capture: true, passive: true });
  document.addEventListener("click", holdPress, true);
  document.addEventListener("submit", holdSubmit, true);
  document.addEventListener("change", holdChange, true);

  for (const [element, state] of states)
    if (options.startAtOnce?.(element.getAttribute(ISLAND_ATTRIBUTE) ?? "")) void start(element, state);
  return elements;
}
