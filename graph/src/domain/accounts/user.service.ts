import { DataSource } from "typeorm";
import { Actor, authorize, sameEmail } from "../actor";
import { recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import { forbidden, notFound, unauthenticated, unavailable } from "../errors";
import { databaseIdOf } from "../ids";
import { MAX } from "../limits";
import { Page, PageRequest, paginate } from "../pagination";
import { AccessTokens } from "./access-tokens";
import { IdentityProviderUnavailable, IdTokenVerifier } from "./identity";
import { Role, User } from "./user.entity";

export interface SignInResult {
  token: string;
  user: User;
}

const signInUnavailable = (cause: unknown) =>
  unavailable("Signing in is not possible right now: the identity provider cannot be reached; please try again in a moment", cause);

export class UserService {
  constructor(
    private readonly db: DataSource,
    private readonly verifier: IdTokenVerifier,
    private readonly tokens: AccessTokens,
    private readonly adminEmails: ReadonlySet<string>,
  ) {}

  /**
   * Exchanges proof of identity (a Firebase ID token) for the shop's access token. The user is
   * created on first sign-in; an admin stays admin; emails in ADMIN_EMAILS become admins.
   */
  async signIn(idToken: string, claimedEmail?: string): Promise<SignInResult> {
    let identity;
    try {
      identity = await this.verifier.verify(idToken);
    } catch (error) {
      if (error instanceof IdentityProviderUnavailable) throw signInUnavailable(error);
      throw unauthenticated("The sign-in token is invalid, expired or revoked");
    }
    if (!identity.email) throw unauthenticated("The signed-in account has no email address");
    const email = identity.email.toLowerCase();
    if (claimedEmail !== undefined && !sameEmail(claimedEmail, email)) {
      throw forbidden("The sign-in token belongs to another email");
    }
    const displayName = (identity.name?.trim() || email.split("@")[0]).slice(0, MAX.name);
    const role = this.adminEmails.has(email) ? Role.ADMIN : Role.USER;
    const [{ id }]: Array<{ id: string }> = await this.db.query(
      `INSERT INTO users (email, role, display_name, firebase_uid) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO UPDATE SET
         display_name = EXCLUDED.display_name,
         firebase_uid = EXCLUDED.firebase_uid,
         role = CASE WHEN users.role = 'admin' OR EXCLUDED.role = 'admin' THEN 'admin' ELSE 'user' END,
         updated_at = now()
       RETURNING id`,
      [email, role, displayName, identity.uid],
    );
    const user = await this.db.getRepository(User).findOneByOrFail({ databaseId: id });
    return { token: await this.tokens.issue(user.databaseId, user.email), user };
  }

  /** The user an access token was issued to, as the database has them now (null: the account is gone). */
  findCaller(userId: string): Promise<User | null> {
    const databaseId = databaseIdOf(userId);
    return databaseId ? this.db.getRepository(User).findOneBy({ databaseId }) : Promise.resolve(null);
  }

  list(actor: Actor, page: PageRequest): Promise<Page<User>> {
    authorize(actor, "ADMIN");
    return paginate(this.db.getRepository(User).createQueryBuilder("user"), page, "ASC");
  }

  /** Promotes a user to admin; the change and its history entry commit together. */
  async makeAdmin(actor: Actor, email: string): Promise<{ user: User; modified: boolean }> {
    const admin = authorize(actor, "ADMIN");
    return this.db.transaction(async (tx) => {
      const repository = tx.getRepository(User);
      const user = await repository
        .createQueryBuilder("user")
        .setLock("pessimistic_write")
        .where("user.email = :email", { email: email.trim().toLowerCase() })
        .getOne();
      if (!user) throw notFound("User");
      if (user.role === Role.ADMIN) return { user, modified: false };
      await repository.update({ databaseId: user.databaseId }, { role: Role.ADMIN });
      const before = { email: user.email, role: user.role };
      user.role = Role.ADMIN;
      await recordAudit(tx, admin, {
        action: AuditAction.USER_PROMOTED,
        entityType: AuditEntityType.USER,
        entityId: user.databaseId,
        before,
        after: { email: user.email, role: user.role },
      });
      return { user, modified: true };
    });
  }

  /** Whether an email belongs to an admin; one may ask about oneself, admins about anyone. */
  async isAdmin(actor: Actor, email: string): Promise<boolean> {
    const caller = authorize(actor, "USER");
    if (!sameEmail(caller.email, email) && caller.role !== Role.ADMIN) {
      throw forbidden("You can only check your own admin status");
    }
    if (sameEmail(caller.email, email)) return caller.role === Role.ADMIN;
    const user = await this.db.getRepository(User).findOneBy({ email: email.trim().toLowerCase() });
    return user?.role === Role.ADMIN;
  }

  /** A user by id, visible to themselves and to admins; to anyone else it does not exist. */
  async get(actor: Actor, id: string): Promise<User> {
    const caller = authorize(actor, "USER");
    const databaseId = databaseIdOf(id);
    const user = databaseId ? await this.db.getRepository(User).findOneBy({ databaseId }) : null;
    if (!user || (user.databaseId !== caller.databaseId && caller.role !== Role.ADMIN)) throw notFound("User");
    return user;
  }
}
