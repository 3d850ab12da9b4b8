import { afterEach, describe, expect, it, vi } from "vitest";
import { stepAsideForReact } from "@/lib/islands/plain";
import { searchInPlainScript } from "./searchScript";

searchInPlainScript();

/** NavSearch as the server renders it on the catalogue: the rest of the search as hidden fields. */
function serverSearchBox(words: string): HTMLFormElement {
  document.body.innerHTML = `<header data-island="header"><form class="nav-search" role="search" method="get" action="/parts" data-plain="search">
    <input type="hidden" name="inStock" value="1"><input id="nav-search-input" type="search" name="q" value="${words}">
    <button type="submit">Search</button></form></header>`;
  return document.querySelector("form")!;
}

describe("the search box in plain script, before the header's island starts", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
  });

  it("opens the catalogue at the address the app writes: words trimmed, the rest of the search kept", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    serverSearchBox("  t14 battery ").requestSubmit();
    expect(assign).toHaveBeenCalledWith("/parts?inStock=1&q=t14+battery");
  });

  it("an empty search opens the catalogue without an empty q", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const form = serverSearchBox("");
    form.querySelector<HTMLInputElement>("[name=inStock]")!.remove();
    form.requestSubmit();
    expect(assign).toHaveBeenCalledWith("/parts");
  });

  it("leaves the search to React once the header's island has started", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const form = serverSearchBox("ssd");
    stepAsideForReact(document.querySelector("header")!);
    form.requestSubmit();
    expect(assign).not.toHaveBeenCalled();
  });
});
