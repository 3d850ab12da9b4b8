import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileImageStore } from "./file-image-store";

describe("images kept as files", () => {
  let folder: string;
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it("lists what it keeps, not a write under way, and deletes by name (twice is no error)", async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-files-"));
    const store = new FileImageStore(folder);
    await store.put("a.png", "image/png", Buffer.from("a"));
    await store.put("b.jpg", "image/jpeg", Buffer.from("b"));
    fs.writeFileSync(path.join(folder, "c.png.123.tmp"), "half");
    const names = async () => {
      const all: string[] = [];
      for await (const name of store.names()) all.push(name);
      return all.sort();
    };
    expect(await names()).toEqual(["a.png", "b.jpg"]);
    await store.delete("a.png");
    await store.delete("a.png");
    expect(await names()).toEqual(["b.jpg"]);
    expect(await store.get("a.png")).toBeNull();
  });
});
