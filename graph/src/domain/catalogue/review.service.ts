import { DataSource } from "typeorm";
import { Actor, authorize } from "../actor";
import { notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, paginate } from "../pagination";
import { Review } from "./review.entity";

export interface NewReview {
  name: string;
  ratings: number;
  description: string;
  img: string;
}

export class ReviewService {
  constructor(private readonly db: DataSource) {}

  /** Newest first. */
  list(page: PageRequest): Promise<Page<Review>> {
    return paginate(this.db.getRepository(Review).createQueryBuilder("review"), page, "DESC");
  }

  async get(id: string): Promise<Review> {
    const databaseId = databaseIdOf(id);
    const review = databaseId ? await this.db.getRepository(Review).findOneBy({ databaseId }) : null;
    if (!review) throw notFound("Review");
    return review;
  }

  async add(actor: Actor, input: NewReview): Promise<Review> {
    const author = authorize(actor, "USER");
    const repository = this.db.getRepository(Review);
    return repository.save(
      repository.create({
        name: input.name.trim(),
        ratings: input.ratings,
        description: input.description.trim(),
        img: input.img.trim(),
        userId: author.databaseId,
      }),
    );
  }
}
