import { DataSource, EntityManager } from "typeorm";
import { Actor, authorize } from "../actor";
import { AuditActor, recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType, Snapshot } from "../audit/audit-entry.entity";
import { badInput, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import type { ImageService } from "../images/image.service";
import { Part } from "./part.entity";
import { lockPart } from "./part.service";
import { altTextProblem, imageProblem, MAX_PART_IMAGES, TOO_MANY_IMAGES_MESSAGE } from "./part-rules";

/** One of a part's images: its page shows them in `position` order, the first on its card (parts.img). */
export interface PartImage {
  id: string;
  partId: string;
  position: number;
  url: string;
  /** What the image shows, for screen readers; "" when an admin gave none. */
  alt: string;
}

export interface NewPartImage {
  /** An http(s) URL or a path on this shop: an upload's URL (POST /upload answers it) or an image elsewhere. */
  url: string;
  alt?: string | null;
  /** Where it goes (0 is first); at the end when absent. */
  position?: number | null;
}

function checkAlt(alt: string): string {
  const trimmed = alt.trim();
  const problem = altTextProblem(trimmed);
  if (problem) throw badInput(problem);
  return trimmed;
}

/** What the history keeps of a part's images: its name, its first image and the list with alt texts. */
const imagesSnapshot = (part: Part, images: readonly PartImage[]): Snapshot => ({
  name: part.name,
  img: part.img,
  images: images.map((image) => ({ url: image.url, alt: image.alt })),
});

/**
 * A part's images: several, in order, each with alt text. Every change is made under the part's
 * row lock, keeps parts.img the first image's URL (what the spec's REST shapes answer), and is
 * recorded in the history as a change of the part.
 */
export class PartImageService {
  constructor(
    private readonly db: DataSource,
    private readonly images: ImageService,
    /** Where the catalogue's reads go: the replicas when fresh enough (db/replica-reads.ts), else the primary. */
    private readonly reads: DataSource = db,
  ) {}

  /** The images of parts, each part's in order (a part without any: an empty list). */
  async ofParts(partIds: readonly string[]): Promise<PartImage[][]> {
    if (partIds.length === 0) return [];
    const byPart = await this.imagesOf(this.reads.manager, partIds);
    return partIds.map((id) => byPart.get(id) ?? []);
  }

  /** Adds an image to a part (an upload of this shop or an image elsewhere, by URL). */
  async add(actor: Actor, partId: string, input: NewPartImage): Promise<Part> {
    const admin = authorize(actor, "ADMIN");
    const url = input.url.trim();
    if (!url) throw badInput("Image URL is required", { fields: { url: ["Image URL is required"] } });
    const problem = imageProblem(url, true);
    if (problem) throw badInput(problem, { fields: { url: [problem] } });
    const alt = checkAlt(input.alt ?? "");
    if (input.position != null && (!Number.isSafeInteger(input.position) || input.position < 0))
      throw badInput("Position must be a whole number, 0 or more");
    if (!(await this.images.servesUploadAt(url)))
      throw badInput(`No image is uploaded at ${url}: upload it first (POST /upload), then add the URL it answers`);
    return this.change(admin, partId, async (tx, images) => {
      if (images.length >= MAX_PART_IMAGES) throw badInput(TOO_MANY_IMAGES_MESSAGE);
      const position = Math.min(input.position ?? images.length, images.length);
      await tx.query(`UPDATE part_images SET position = position + 1 WHERE part_id = $1 AND position >= $2`, [
        partId,
        position,
      ]);
      await tx.query(`INSERT INTO part_images (part_id, position, url, alt) VALUES ($1, $2, $3, $4)`, [
        partId,
        position,
        url,
        alt,
      ]);
    });
  }

  /** Puts a part's images in the order given: every one of its images, each once. */
  async reorder(actor: Actor, partId: string, imageIds: readonly string[]): Promise<Part> {
    const admin = authorize(actor, "ADMIN");
    return this.change(admin, partId, async (tx, images) => {
      const ids = imageIds.map((id) => databaseIdOf(id));
      const current = new Set(images.map((image) => image.id));
      const sameSet =
        ids.length === images.length && new Set(ids).size === ids.length && ids.every((id) => id && current.has(id));
      if (!sameSet)
        throw badInput(
          `imageIds must list each of the part's ${images.length} images once (the part's images changed meanwhile? reload them)`,
          { fields: { imageIds: ["List each of the part's images once"] } },
        );
      await tx.query(
        `UPDATE part_images i SET position = o.position - 1
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o (id, position) WHERE i.id = o.id AND i.part_id = $1`,
        [partId, ids],
      );
    });
  }

  /** Sets the alt text of one of a part's images ("" clears it). */
  async setAlt(actor: Actor, imageId: string, alt: string): Promise<Part> {
    const admin = authorize(actor, "ADMIN");
    const text = checkAlt(alt);
    const image = await this.find(imageId);
    return this.change(admin, image.partId, async (tx, images) => {
      if (!images.some((each) => each.id === image.id)) throw notFound("Part image");
      await tx.query(`UPDATE part_images SET alt = $2 WHERE id = $1`, [image.id, text]);
    });
  }

  /** Removes one of a part's images; its last one stays (a part needs an image). */
  async remove(actor: Actor, imageId: string): Promise<Part> {
    const admin = authorize(actor, "ADMIN");
    const image = await this.find(imageId);
    return this.change(admin, image.partId, async (tx, images) => {
      const removed = images.find((each) => each.id === image.id);
      if (!removed) throw notFound("Part image");
      if (images.length === 1) throw badInput("A part needs at least one image: add another before removing this one");
      await tx.query(`DELETE FROM part_images WHERE id = $1`, [removed.id]);
      await tx.query(`UPDATE part_images SET position = position - 1 WHERE part_id = $1 AND position > $2`, [
        image.partId,
        removed.position,
      ]);
    });
  }

  private async find(imageId: string): Promise<PartImage> {
    const id = databaseIdOf(imageId);
    const [row]: PartImage[] = id
      ? await this.db.query(`SELECT id, part_id AS "partId", position, url, alt FROM part_images WHERE id = $1`, [id])
      : [];
    if (!row) throw notFound("Part image");
    return row;
  }

  /**
   * Runs `write` on the part's images under the part's row lock (the lock its edits take), then
   * makes parts.img the first image's URL and records the change; a change that changes nothing
   * records nothing.
   */
  private change(
    admin: AuditActor,
    partId: string,
    write: (tx: EntityManager, images: PartImage[]) => Promise<void>,
  ): Promise<Part> {
    const databaseId = databaseIdOf(partId);
    if (!databaseId) throw notFound("Part");
    return this.db.transaction(async (tx) => {
      const part = await lockPart(tx, databaseId);
      const before = (await this.imagesOf(tx, [databaseId])).get(databaseId) ?? [];
      const snapshotBefore = imagesSnapshot(part, before);
      await write(tx, before);
      const after = (await this.imagesOf(tx, [databaseId])).get(databaseId) ?? [];
      if (after.length > 0 && after[0].url !== part.img) {
        await tx.query(`UPDATE parts SET img = $2 WHERE id = $1`, [databaseId, after[0].url]);
        part.img = after[0].url;
      }
      const snapshotAfter = imagesSnapshot(part, after);
      if (JSON.stringify(snapshotBefore) === JSON.stringify(snapshotAfter)) return part;
      await recordAudit(tx, admin, {
        action: AuditAction.PART_UPDATED,
        entityType: AuditEntityType.PART,
        entityId: databaseId,
        before: snapshotBefore,
        after: snapshotAfter,
      });
      return part;
    });
  }

  private async imagesOf(db: EntityManager, partIds: readonly string[]): Promise<Map<string, PartImage[]>> {
    const rows: PartImage[] = await db.query(
      `SELECT id, part_id AS "partId", position, url, alt FROM part_images WHERE part_id = ANY($1::uuid[])
       ORDER BY part_id, position`,
      [[...partIds]],
    );
    const byPart = new Map<string, PartImage[]>();
    for (const row of rows) byPart.set(row.partId, [...(byPart.get(row.partId) ?? []), row]);
    return byPart;
  }
}
