import fs from "node:fs";
import path from "node:path";
import type { ImageStore } from "./image.service";

/** Images as files in one folder (one process, or a folder every process shares). */
export class FileImageStore implements ImageStore {
  constructor(private readonly folder: string) {
    fs.mkdirSync(folder, { recursive: true });
  }

  async has(name: string): Promise<boolean> {
    return fs.existsSync(path.join(this.folder, name));
  }

  async put(name: string, _mime: string, bytes: Buffer): Promise<void> {
    const target = path.join(this.folder, name);
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, bytes);
    await fs.promises.rename(temporary, target);
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(path.join(this.folder, name));
    } catch {
      return null;
    }
  }

  async delete(name: string): Promise<void> {
    await fs.promises.rm(path.join(this.folder, name), { force: true });
  }

  async *names(): AsyncGenerator<string> {
    const folder = await fs.promises.opendir(this.folder);
    for await (const entry of folder) if (entry.isFile() && !entry.name.endsWith(".tmp")) yield entry.name;
  }
}
