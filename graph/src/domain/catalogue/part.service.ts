import { DataSource } from "typeorm";
import { notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, paginate } from "../pagination";
import { Part } from "./part.entity";

export class PartService {
  constructor(private readonly db: DataSource) {}

  list(page: PageRequest): Promise<Page<Part>> {
    return paginate(this.db.getRepository(Part).createQueryBuilder("part"), page, "ASC");
  }

  /** A part by id; unknown and malformed ids are both "not found". */
  async get(id: string): Promise<Part> {
    const databaseId = databaseIdOf(id);
    const part = databaseId ? await this.db.getRepository(Part).findOneBy({ databaseId }) : null;
    if (!part) throw notFound("Part");
    return part;
  }

  async getMany(databaseIds: readonly string[]): Promise<Part[]> {
    if (databaseIds.length === 0) return [];
    return this.db
      .getRepository(Part)
      .createQueryBuilder("part")
      .where("part.id = ANY(:ids)", { ids: [...databaseIds] })
      .getMany();
  }
}
