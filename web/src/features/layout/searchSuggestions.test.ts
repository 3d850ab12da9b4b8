import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stepAsideForReact } from "@/lib/islands/plain";
import { nextActiveOption, offerSearchSuggestions, SUGGESTIONS_ID } from "./searchSuggestions";

offerSearchSuggestions();

/** NavSearch as the server renders it: the box, its empty list and status. */
function serverSearchBox(): HTMLInputElement {
  document.body.innerHTML = `<header data-island="header"><form class="nav-search" role="search" method="get" action="/parts" data-plain="search">
    <input id="nav-search-input" type="search" name="q" value="" aria-autocomplete="list" aria-controls="${SUGGESTIONS_ID}">
    <div id="${SUGGESTIONS_ID}" role="listbox" aria-label="Suggested parts" hidden data-document-hash="${"ab".repeat(32)}"></div>
    <span id="${SUGGESTIONS_ID}-status" role="status"></span>
    <button type="submit">Search</button></form></header>`;
  return document.querySelector("input")!;
}

/** The shop's parts whose names hold the words sent. */
const PARTS = ["T14 battery", "X1 battery", "XPS battery", "Dell charger"];

function serveSuggestions() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    const { variables } = JSON.parse(String(init?.body)) as { variables: { search: string } };
    const found = PARTS.filter((name) => name.toLowerCase().includes(variables.search.toLowerCase()));
    const edges = found.map((name) => ({ node: { id: name, name, slug: name.toLowerCase().replace(/ /g, "-") } }));
    return Response.json({ data: { parts: { edges } } });
  });
}

function type(box: HTMLInputElement, words: string): void {
  box.value = words;
  box.dispatchEvent(new Event("input", { bubbles: true }));
}

const press = (box: HTMLInputElement, key: string) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  box.dispatchEvent(event);
  return event;
};

const options = () => [...document.querySelectorAll<HTMLAnchorElement>("[role=option]")];
const list = () => document.getElementById(SUGGESTIONS_ID)!;

async function typedWithSuggestions(words = "battery"): Promise<HTMLInputElement> {
  const box = serverSearchBox();
  box.focus();
  type(box, words);
  await vi.waitFor(() => expect(list().hidden).toBe(false));
  return box;
}

describe("the arrows' next option", () => {
  it("goes down from none to the first, and wraps from the last to the first", () => {
    expect(nextActiveOption("ArrowDown", -1, 3)).toBe(0);
    expect(nextActiveOption("ArrowDown", 1, 3)).toBe(2);
    expect(nextActiveOption("ArrowDown", 2, 3)).toBe(0);
  });

  it("goes up from none or the first to the last", () => {
    expect(nextActiveOption("ArrowUp", -1, 3)).toBe(2);
    expect(nextActiveOption("ArrowUp", 0, 3)).toBe(2);
    expect(nextActiveOption("ArrowUp", 2, 3)).toBe(1);
  });

  it("Home and End go to the ends; an empty list has no option", () => {
    expect(nextActiveOption("Home", 2, 3)).toBe(0);
    expect(nextActiveOption("End", 0, 3)).toBe(2);
    expect(nextActiveOption("ArrowDown", -1, 0)).toBe(-1);
  });
});

describe("the search box's suggestions", () => {
  beforeEach(() => {
    // As built: documents go by their hash.
    vi.stubEnv("PROD", true);
    serveSuggestions();
  });
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("lists the parts found for the words typed, each a link to the part, by the persisted document", async () => {
    const box = await typedWithSuggestions("battery");
    expect(options().map((option) => [option.textContent, option.getAttribute("href")])).toEqual([
      ["T14 battery", "/p/t14-battery"],
      ["X1 battery", "/p/x1-battery"],
      ["XPS battery", "/p/xps-battery"],
    ]);
    expect(document.querySelector("[role=status]")!.textContent).toBe("3 parts suggested: arrow keys to choose");
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);
    const body = JSON.parse(String(vi.mocked(fetch).mock.calls[0][1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      operationName: "SearchSuggestions",
      variables: { search: "battery" },
      extensions: { persistedQuery: { version: 1, sha256Hash: "ab".repeat(32) } },
    });
    expect(body).not.toHaveProperty("query");
  });

  it("asks once the shopper pauses: quick keys send only the last words", async () => {
    const box = serverSearchBox();
    box.focus();
    type(box, "ba");
    type(box, "bat");
    type(box, "batt");
    await vi.waitFor(() => expect(options()).toHaveLength(3));
    expect(vi.mocked(fetch)).toHaveBeenCalledOnce();
  });

  it("arrow keys move the active option, shown to assistive technology, with focus kept in the box", async () => {
    const box = await typedWithSuggestions();
    expect(press(box, "ArrowDown").defaultPrevented).toBe(true);
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[0].id);
    expect(options()[0].getAttribute("aria-selected")).toBe("true");
    press(box, "ArrowDown");
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[1].id);
    expect(options().map((option) => option.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
    press(box, "ArrowUp");
    press(box, "ArrowUp");
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[2].id);
    expect(document.activeElement).toBe(box);
  });

  it("Enter opens the active option's part; with none active it searches as before", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const box = await typedWithSuggestions();
    expect(press(box, "Enter").defaultPrevented).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    press(box, "ArrowDown");
    press(box, "ArrowDown");
    expect(press(box, "Enter").defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/p\/x1-battery$/));
  });

  it("Escape closes the list and keeps the words; ArrowDown opens it again", async () => {
    const box = await typedWithSuggestions();
    press(box, "ArrowDown");
    expect(press(box, "Escape").defaultPrevented).toBe(true);
    expect(list().hidden).toBe(true);
    expect(options()).toHaveLength(0);
    expect(document.querySelector("[role=status]")!.textContent).toBe("");
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);
    expect(box.value).toBe("battery");
    // A closed list leaves Escape to the box (a search box clears itself).
    expect(press(box, "Escape").defaultPrevented).toBe(false);
    press(box, "ArrowDown");
    await vi.waitFor(() => expect(options()).toHaveLength(3));
  });

  it("fewer than two letters, or words nothing matches, close the list", async () => {
    const box = await typedWithSuggestions();
    type(box, "b");
    expect(list().hidden).toBe(true);
    type(box, "zzz");
    await vi.waitFor(() => expect(String(vi.mocked(fetch).mock.lastCall?.[1]?.body)).toContain('"zzz"'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(list().hidden).toBe(true);
  });

  it("an answer for words no longer in the box is not shown", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.mocked(fetch).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const box = serverSearchBox();
    box.focus();
    type(box, "dell");
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledOnce());
    type(box, "d");
    answer(Response.json({ data: { parts: { edges: [{ node: { id: "1", name: "Dell charger", slug: "dell" } }] } } }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(list().hidden).toBe(true);
  });

  it("leaving the box closes the list; pressing an option keeps the focus in the box", async () => {
    const box = await typedWithSuggestions();
    const pressed = new MouseEvent("mousedown", { bubbles: true, cancelable: true });
    options()[0].dispatchEvent(pressed);
    expect(pressed.defaultPrevented).toBe(true);
    box.blur();
    expect(list().hidden).toBe(true);
  });

  it("when React takes the header, the list is closed as the server rendered it, and React is given the words", async () => {
    const box = await typedWithSuggestions();
    const seen = vi.fn();
    const redo = stepAsideForReact(document.querySelector("header")!);
    expect(list().hidden).toBe(true);
    expect(options()).toHaveLength(0);
    box.addEventListener("input", () => seen(box.value));
    redo();
    expect(seen).toHaveBeenCalledWith("battery");
  });
});
