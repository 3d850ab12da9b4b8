/**
 * Islands: the pieces of a server-rendered page that come alive on their own. The page marks
 * each with `data-island="<name>"`; it starts (its code fetched, then hydrated) when it is first
 * used: focused, pressed, typed into. What the shopper does to an island before it has started
 * is not lost: a press or a submission is held back and done again once it has, and a value
 * typed, chosen or ticked is handed to it as a change.
 */

import { PLAIN_ATTRIBUTE } from "./plain";

/** Hydrates an island's element; settles once the island answers events itself. */
export type StartIsland = (element: HTMLElement) => Promise<void>;
/** Fetches an island's code: its starter. */
export type IslandLoader = () => Promise<StartIsland>;

export const ISLAND_ATTRIBUTE = "data-island";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

type Held =
  | { kind: "press"; target: HTMLElement }
  | { kind: "submit"; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: "value"; target: Control; value: string }
  | { kind: "checked"; target: HTMLInputElement; checked: boolean };

interface IslandState {
  started: Promise<void> | null;
  /** Answers events itself: hydrated, and what was held done again. */
  live: boolean;
  held: Held[];
}

/** The islands of this page, once watched. */
const watched = new Map<HTMLElement, IslandState>();
let startEvery: () => Promise<void> = () => Promise.resolve();
let startAround: (node: Node) => Promise<void> = () => Promise.resolve();
/** True while a held event is done again: it goes to the island, not back into the queue. */
let replaying = false;

/**
 * Starts the islands not yet started and settles once all have: an address changed in place
 * (a new search on the catalogue) must be followed by every island, and one still server HTML
 * would show the old one.
 */
export function startEveryIsland(): Promise<void> {
  return startEvery();
}

/**
 * Starts the island `node` is in, if it has not started: a plain script hands React a use it
 * cannot answer itself (a signed-in shopper's "Add to cart"). Settles once it has started.
 */
export function startIslandAround(node: Node): Promise<void> {
  return startAround(node);
}

/** Events that say an island is about to be used: its code is fetched from the first of them. */
const FIRST_USE = ["pointerdown", "focusin", "keydown", "input", "touchstart"] as const;

const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
const isCheckable = (target: EventTarget | null): target is HTMLInputElement =>
  target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio");

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Gives a hydrated control what was typed, chosen or ticked before (its first render may have
 * put its own back). React reads a change from a tracker of the value it last saw: the tracker
 * is told "something else", the value is set behind its back, and the change announced (a box's
 * as the click React listens to, a plain event that ticks nothing).
 */
function announce(entry: Extract<Held, { kind: "value" | "checked" }>): void {
  if (entry.kind === "checked") {
    const box = entry.target;
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked");
    box.checked = !entry.checked;
    native?.set?.call(box, entry.checked);
    box.dispatchEvent(new Event("click", { bubbles: true }));
    return;
  }
  handValueToReact(entry.target, entry.value);
}

/** Gives a hydrated control `value` as a change React sees (see above). */
export function handValueToReact(control: Control, value: string): void {
  const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value");
  control.value = value === "" ? " " : "";
  native?.set?.call(control, value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

function doAgain(entry: Held): void {
  if (entry.kind === "submit") {
    if (!entry.form.isConnected) return;
    const submitter =
      entry.submitter?.isConnected && entry.submitter.closest("form") === entry.form ? entry.submitter : null;
    entry.form.requestSubmit(submitter);
  } else if (entry.target.isConnected) {
    if (entry.kind === "press") entry.target.click();
    else announce(entry);
  }
}

/** Keeps a control's latest value among what is held (once for each control, where it was first changed). */
function holdValue(held: Held[], target: Control): void {
  const entry = held.find(
    (candidate) => (candidate.kind === "value" || candidate.kind === "checked") && candidate.target === target,
  );
  if (isCheckable(target)) {
    if (entry?.kind === "checked") entry.checked = target.checked;
    else held.push({ kind: "checked", target, checked: target.checked });
  } else if (entry?.kind === "value") entry.value = target.value;
  else held.push({ kind: "value", target, value: target.value });
}

/** Does again what was held, in order, each in its own task (so React has rendered the one before). */
async function replayHeld(state: IslandState): Promise<void> {
  for (let entry = state.held.shift(); entry; entry = state.held.shift()) {
    await nextTask();
    replaying = true;
    try {
      doAgain(entry);
    } finally {
      replaying = false;
    }
  }
  state.live = true;
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
  const states = watched;
  const elements = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].filter(
    (element) => loaders[element.getAttribute(ISLAND_ATTRIBUTE) ?? ""],
  );
  for (const element of elements) states.set(element, { started: null, live: false, held: [] });

  /** The island the event happened in, while it does not answer events itself. */
  const waitingIsland = (event: Event): [HTMLElement, IslandState] | null => {
    if (replaying) return null;
    // Plain script answers what is marked for it (lib/islands/plain.ts): its island need not start.
    if (event.target instanceof Element && event.target.closest(`[${PLAIN_ATTRIBUTE}]`)) return null;
    const element = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`) : null;
    const state = element ? states.get(element) : undefined;
    return element && state && !state.live ? [element, state] : null;
  };

  const start = (element: HTMLElement, state: IslandState): Promise<void> =>
    (state.started ??= loaders[element.getAttribute(ISLAND_ATTRIBUTE)!]()
      .then((startIsland) => startIsland(element))
      .then(() => replayHeld(state))
      .catch((error: unknown) => {
        // The page keeps working as plain HTML.
        state.live = true;
        options.onError?.(error);
      }));

  const onFirstUse = (event: Event) => {
    const found = waitingIsland(event);
    if (!found) return;
    void start(...found);
    if (event.type === "input" && isControl(event.target)) holdValue(found[1].held, event.target);
  };
  const holdPress = (event: MouseEvent) => {
    const found = waitingIsland(event);
    if (!found || !(event.target instanceof Element)) return;
    // A link works without the island: the browser opens it.
    if (event.target.closest("a[href]")) return;
    const target = event.target.closest<HTMLElement>("button, input, label, select, summary, [role='button']");
    if (!target) return;
    // A box is ticked as usual (its change is held); so is one a label ticks.
    const control = target instanceof HTMLLabelElement ? target.control : target;
    if (isCheckable(control)) return;
    event.preventDefault();
    event.stopPropagation();
    found[1].held.push({ kind: "press", target });
    void start(...found);
  };
  const holdSubmit = (event: SubmitEvent) => {
    const found = waitingIsland(event);
    if (!found || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    found[1].held.push({ kind: "submit", form: event.target, submitter: event.submitter });
    void start(...found);
  };
  const holdChange = (event: Event) => {
    const found = waitingIsland(event);
    if (!found || !isControl(event.target)) return;
    holdValue(found[1].held, event.target);
    void start(...found);
  };

  for (const type of FIRST_USE) document.addEventListener(type, onFirstUse, { capture: true, passive: true });
  document.addEventListener("click", holdPress, true);
  document.addEventListener("submit", holdSubmit, true);
  document.addEventListener("change", holdChange, true);

  startEvery = async () => {
    await Promise.all([...states].map(([element, state]) => start(element, state)));
  };
  startAround = async (node) => {
    const found = [...states].find(([element]) => element.contains(node));
    if (found) await start(...found);
  };
  for (const [element, state] of states)
    if (options.startAtOnce?.(element.getAttribute(ISLAND_ATTRIBUTE) ?? "")) void start(element, state);
  return elements;
}
