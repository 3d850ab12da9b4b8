import { DataSource } from "typeorm";
import { Actor, authorize } from "../actor";
import { notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, paginate } from "../pagination";
import { Part } from "./part.entity";
import { Review } from "./review.entity";

export interface NewReview {
  name: string;
  ratings: number;
  description: string;
  img: string;
  /** The part the review is about (a database id); absent or null for a review of the shop. */
  partId?: string | null;
}

export class ReviewService {
  constructor(
    private readonly db: DataSource,
    /** Where the catalogue's reads go: the replicas when fresh enough (db/replica-reads.ts), else the primary. */
    private readonly reads: DataSource = db,
  ) {}

  /** Newest first. */
  list(page: PageRequest): Promise<Page<Review>> {
    return paginate(this.reads.getRepository(Review).createQueryBuilder("review"), page, "DESC");
  }

  /** The reviews of one part, newest first. */
  listForPart(partId: string, page: PageRequest): Promise<Page<Review>> {
    return paginate(
      this.reads.getRepository(Review).createQueryBuilder("review").where("review.part_id = :partId", { partId }),
      page,
      "DESC",
    );
  }

  async get(id: string): Promise<Review> {
    const databaseId = databaseIdOf(id);
    const review = databaseId ? await this.reads.getRepository(Review).findOneBy({ databaseId }) : null;
    if (!review) throw notFound("Review");
    return review;
  }

  async add(actor: Actor, input: NewReview): Promise<Review> {
    const author = authorize(actor, "USER");
    let partId: string | null = null;
    if (input.partId !== null && input.partId !== undefined) {
      partId = databaseIdOf(input.partId);
      if (!partId || !(await this.db.getRepository(Part).existsBy({ databaseId: partId }))) throw notFound("Part");
    }
    const repository = this.db.getRepository(Review);
    return repository.save(
      repository.create({
        name: input.name.trim(),
        ratings: input.ratings,
        description: input.description.trim(),
        img: input.img.trim(),
        userId: author.databaseId,
        partId,
      }),
    );
  }
}
