import { afterEach, describe, expect, it, vi } from "vitest";
import { Lifecycle } from "./lifecycle";

describe("Lifecycle", () => {
  afterEach(() => vi.restoreAllMocks());

  it("stops the last added first, names a part that outlives its grace, and still stops the rest and exits", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const said: string[] = [];
    const stopped: string[] = [];
    const lifecycle = new Lifecycle((line) => said.push(line));
    lifecycle.add("database pool", async () => stopped.push("database pool"));
    lifecycle.add("HTTP server", () => new Promise(() => undefined));
    lifecycle.add("periodic jobs", async () => stopped.push("periodic jobs"));

    await lifecycle.exit(0, 20);

    expect(stopped).toEqual(["periodic jobs", "database pool"]);
    expect(said).toEqual(["HTTP server did not stop within 0.02 s: going on without it"]);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("says nothing when every part stops in time", async () => {
    vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const said: string[] = [];
    const lifecycle = new Lifecycle((line) => said.push(line));
    lifecycle.add("HTTP server", async () => undefined);
    await lifecycle.exit(0, 1_000);
    expect(said).toEqual([]);
  });
});
