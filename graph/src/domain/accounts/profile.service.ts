import { DataSource } from "typeorm";
import { Actor, authorize, sameEmail } from "../actor";
import { forbidden } from "../errors";
import { Profile } from "./profile.entity";

/** What a user tells the shop about themselves (userName optional). */
export interface ProfileChanges {
  userName?: string | null;
  education: string;
  address: string;
  phone: string;
  linkedin: string;
}

export class ProfileService {
  constructor(private readonly db: DataSource) {}

  /** Saves the caller's own profile (created on first save). */
  async update(actor: Actor, email: string, input: ProfileChanges): Promise<Profile> {
    const user = authorize(actor, "USER");
    if (!sameEmail(user.email, email)) throw forbidden("You can only update your own profile");
    const repository = this.db.getRepository(Profile);
    const profile = repository.create({
      userId: user.databaseId,
      userEmail: user.email,
      userName: input.userName?.trim() || user.displayName,
      education: input.education.trim(),
      address: input.address.trim(),
      phone: input.phone.trim(),
      linkedin: input.linkedin.trim(),
    });
    await repository.upsert(profile, ["userId"]);
    return repository.findOneByOrFail({ userId: user.databaseId });
  }

  async getMany(userIds: readonly string[]): Promise<Profile[]> {
    if (userIds.length === 0) return [];
    return this.db
      .getRepository(Profile)
      .createQueryBuilder("profile")
      .where("profile.user_id = ANY(:ids)", { ids: [...userIds] })
      .getMany();
  }
}
