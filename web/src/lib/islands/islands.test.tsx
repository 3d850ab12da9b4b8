import { useEffect, useState } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type IslandsModule = typeof import("./islands");

function Counter() {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" onClick={() => setPresses((count) => count + 1)}>
      Pressed {presses}
    </button>
  );
}

function Search() {
  const [words, setWords] = useState("");
  const [searched, setSearched] = useState<string | null>(null);
  const [inStock, setInStock] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSearched(words);
      }}
    >
      <input aria-label="Words" value={words} onChange={(event) => setWords(event.target.value)} />
      <label>
        <input type="checkbox" checked={inStock} onChange={(event) => setInStock(event.target.checked)} />
        In stock only
      </label>
      <a href="#elsewhere">Elsewhere</a>
      <button type="submit">Search</button>
      <p>{searched === null ? "Nothing searched" : `Searched ${searched}${inStock ? " in stock" : ""}`}</p>
    </form>
  );
}

function Hydrated({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

const roots: Root[] = [];

/** A page with one island rendered "on the server", and the islands watched; the island starts only when `release` is called. */
async function pageWith(name: string, Island: () => React.JSX.Element) {
  document.body.innerHTML = `<div data-island="${name}">${renderToString(<Island />)}</div>`;
  const element = document.querySelector<HTMLElement>(`[data-island="${name}"]`)!;
  const { watchIslands } = (await import("./islands")) as IslandsModule;
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async () => {
    await released;
    return (target: HTMLElement) =>
      new Promise<void>((resolve) => {
        roots.push(
          hydrateRoot(
            target,
            <>
              <Island />
              <Hydrated then={resolve} />
            </>,
          ),
        );
      });
  });
  watchIslands({ [name]: load });
  return { element, load, release };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("islands", () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    document.body.innerHTML = "";
  });

  it("an island's code is not fetched until it is used", async () => {
    const { load } = await pageWith("counter", Counter);
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it("a press on an island that has not started is done once it has, and only once", async () => {
    const { element, load, release } = await pageWith("counter", Counter);
    const button = element.querySelector("button")!;
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button.click();
    expect(load).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe("Pressed 0");
    release();
    await vi.waitFor(() => expect(element.querySelector("button")!.textContent).toBe("Pressed 1"));
    await settle();
    expect(element.querySelector("button")!.textContent).toBe("Pressed 1");
    element.querySelector("button")!.click();
    await vi.waitFor(() => expect(element.querySelector("button")!.textContent).toBe("Pressed 2"));
  });

  it("words typed and a box ticked before the island started reach it before the search held with them", async () => {
    const { element, release } = await pageWith("search", Search);
    const words = element.querySelector<HTMLInputElement>("input[aria-label='Words']")!;
    const box = element.querySelector<HTMLInputElement>("input[type='checkbox']")!;
    words.focus();
    words.value = "battery";
    words.dispatchEvent(new Event("input", { bubbles: true }));
    box.click();
    // The box ticks as usual: the browser (and a shopper) sees it at once.
    expect(box.checked).toBe(true);
    element.querySelector("form")!.requestSubmit(element.querySelector<HTMLButtonElement>("button")!);
    expect(element.querySelector("p")!.textContent).toBe("Nothing searched");
    release();
    await vi.waitFor(() => expect(element.querySelector("p")!.textContent).toBe("Searched battery in stock"));
    expect(words.value).toBe("battery");
    expect(box.checked).toBe(true);
  });

  it("a link in an island that has not started is left to the browser", async () => {
    const { element } = await pageWith("search", Search);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    element.querySelector("a")!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it("an island whose code cannot be fetched leaves the page as the server sent it, and lets presses through", async () => {
    document.body.innerHTML = `<div data-island="broken"><button type="button">Press</button></div>`;
    const { watchIslands } = (await import("./islands")) as IslandsModule;
    const onError = vi.fn();
    watchIslands({ broken: () => Promise.reject(new Error("offline")) }, { onError });
    const button = document.querySelector("button")!;
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    await settle();
    expect(onError).toHaveBeenCalledWith(new Error("offline"));
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
