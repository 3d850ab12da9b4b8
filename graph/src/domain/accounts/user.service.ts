import { DataSource, EntityManager } from "typeorm";
import { returnedRows } from "../../db/sql";
import { Actor, authorize, sameEmail } from "../actor";
import { AuditRecord, recordAudit, SHOP_ITSELF } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import { badInput, conflict, forbidden, notFound, ShopError, unauthenticated, unavailable } from "../errors";
import { databaseIdOf } from "../ids";
import { MAX } from "../limits";
import { requestLog } from "../log";
import { Page, PageRequest, paginate } from "../pagination";
import { AccessTokens } from "./access-tokens";
import { whereUserMatches } from "./queries/customer-lookups";
import { IdentityProviderUnavailable, IdTokenVerifier } from "./identity";
import { AdminSource, Role, User } from "./user.entity";

export interface SignInResult {
  token: string;
  user: User;
}

/** The user an access token names, as the database has them now, with that user's revoked tokens. */
export interface KnownCaller {
  user: User;
  revokedTokenIds: ReadonlySet<string>;
}

const signInUnavailable = (cause: unknown) =>
  unavailable(
    "Signing in is not possible right now: the identity provider cannot be reached; please try again in a moment",
    cause,
  );

/** What an identity asks for, and what the shop knows of it. */
interface Claim {
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
}

/** The rows a sign-in may touch, locked: the account of the uid, and the account holding the email. */
interface Holders {
  byUid: User | null;
  byEmail: User | null;
}

const mustVerify = (email: string) =>
  new ShopError(
    "FORBIDDEN",
    `${email} belongs to an existing Partshop account, and only a verified address may sign in to it. ` +
      `Verify your email address with the link we send you ("Verify your email"), then sign in again.`,
    { reason: "EMAIL_NOT_VERIFIED" },
  );

/** Which users the admins' list shows. */
export interface UserFilter {
  /** A part of a name or an email. */
  search?: string | null;
  /** Only users of this role. */
  role?: Role | null;
}

/** The longest text an admin's search of the users may be. */
export const MAX_USER_SEARCH_LENGTH = 200;

export class UserService {
  constructor(
    private readonly db: DataSource,
    private readonly verifier: IdTokenVerifier,
    private readonly tokens: AccessTokens,
    private readonly adminEmails: ReadonlySet<string>,
  ) {}

  /**
   * Exchanges proof of identity (a Firebase ID token) for the shop's access token. An account is
   * its Firebase uid. An email counts only when the provider has verified it: then it links the
   * identity to the account already using that address (a new sign-in method, or an account
   * registered again), and ADMIN_EMAILS grants its role. An unverified identity gets an account
   * of its own, or is told to verify when its address is another account's.
   */
  async signIn(idToken: string, claimedEmail?: string): Promise<SignInResult> {
    let identity;
    try {
      identity = await this.verifier.verify(idToken);
    } catch (error) {
      if (error instanceof IdentityProviderUnavailable) throw signInUnavailable(error);
      // The caller hears one sentence; the operator needs the provider's own reason to tell a
      // revoked token from a malformed or expired one.
      requestLog
        .getStore()
        ?.warn(
          { providerCode: (error as { code?: unknown })?.code ?? null, reason: (error as Error)?.message },
          "A sign-in token was refused by the identity provider",
        );
      throw unauthenticated("The sign-in token is invalid, expired or revoked");
    }
    if (!identity.email) throw unauthenticated("The signed-in account has no email address");
    const email = identity.email.toLowerCase();
    if (claimedEmail !== undefined && !sameEmail(claimedEmail, email)) {
      throw forbidden("The sign-in token belongs to another email");
    }
    const claim: Claim = {
      uid: identity.uid,
      email,
      emailVerified: identity.emailVerified,
      displayName: (identity.name?.trim() || email.split("@")[0]).slice(0, MAX.name),
    };
    const user = await this.db.transaction((tx) => this.accountFor(tx, claim));
    return { token: await this.tokens.issue(user.databaseId, user.email), user };
  }

  private async accountFor(tx: EntityManager, claim: Claim): Promise<User> {
    const { byUid, byEmail } = await this.lockHolders(tx, claim);
    if (byUid) {
      if (byEmail && byEmail.databaseId !== byUid.databaseId) {
        throw conflict(
          `${claim.email} is used by another Partshop account; sign in with the address this account had, or ask us to merge them`,
        );
      }
      return this.updateAccount(tx, byUid, claim);
    }
    if (byEmail) {
      if (!claim.emailVerified) throw mustVerify(claim.email);
      return this.updateAccount(tx, byEmail, claim);
    }
    return this.createAccount(tx, claim);
  }

  private async lockHolders(tx: EntityManager, claim: Claim): Promise<Holders> {
    const rows = await tx
      .getRepository(User)
      .createQueryBuilder("user")
      .setLock("pessimistic_write")
      .where("user.firebase_uid = :uid OR user.email = :email", { uid: claim.uid, email: claim.email })
      .getMany();
    return {
      byUid: rows.find((row) => row.firebaseUid === claim.uid) ?? null,
      byEmail: rows.find((row) => row.email === claim.email) ?? null,
    };
  }

  /** The role a sign-in leaves: ADMIN_EMAILS grants it to a verified address while listed; a promotion stays. */
  private roleFor(
    current: Pick<User, "role" | "adminSource"> | null,
    claim: Claim,
  ): Pick<User, "role" | "adminSource"> {
    // A promotion (by an admin, or made outside the shop) stays; only ADMIN_EMAILS' grant follows the list.
    if (current?.role === Role.ADMIN && current.adminSource !== AdminSource.CONFIG)
      return { role: Role.ADMIN, adminSource: AdminSource.PROMOTION };
    if (claim.emailVerified && this.adminEmails.has(claim.email))
      return { role: Role.ADMIN, adminSource: AdminSource.CONFIG };
    return { role: Role.USER, adminSource: null };
  }

  private async updateAccount(tx: EntityManager, user: User, claim: Claim): Promise<User> {
    const role = this.roleFor(user, claim);
    const changes = {
      firebaseUid: claim.uid,
      email: claim.email,
      emailVerified: claim.emailVerified,
      displayName: claim.displayName,
      ...role,
    };
    await tx.getRepository(User).update({ databaseId: user.databaseId }, changes);
    if (user.role === Role.ADMIN && role.role !== Role.ADMIN) {
      await recordAudit(
        tx,
        SHOP_ITSELF,
        this.roleChange(AuditAction.USER_DEMOTED, user, Role.USER, "its address is not a verified one of ADMIN_EMAILS"),
      );
    }
    return Object.assign(user, changes);
  }

  private async createAccount(tx: EntityManager, claim: Claim): Promise<User> {
    const repository = tx.getRepository(User);
    const user = repository.create({
      firebaseUid: claim.uid,
      email: claim.email,
      emailVerified: claim.emailVerified,
      displayName: claim.displayName,
      ...this.roleFor(null, claim),
    });
    return repository.save(user);
  }

  private roleChange(action: AuditAction, user: User, role: Role, why?: string): AuditRecord {
    return {
      action,
      entityType: AuditEntityType.USER,
      entityId: user.databaseId,
      before: { email: user.email, role: user.role },
      after: { email: user.email, role, ...(why ? { why } : {}) },
    };
  }

  /**
   * Takes the admin role from accounts that had it only from ADMIN_EMAILS and whose address is no
   * longer listed (run at start: the configuration is the shop's, a redeploy changes it).
   */
  async revokeUnlistedAdmins(): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const unlisted = await tx
        .getRepository(User)
        .createQueryBuilder("user")
        .setLock("pessimistic_write")
        .where("user.admin_source = :config AND NOT (user.email = ANY(:listed))", {
          config: AdminSource.CONFIG,
          listed: [...this.adminEmails],
        })
        .getMany();
      for (const user of unlisted) {
        await tx.getRepository(User).update({ databaseId: user.databaseId }, { role: Role.USER, adminSource: null });
        await recordAudit(
          tx,
          SHOP_ITSELF,
          this.roleChange(AuditAction.USER_DEMOTED, user, Role.USER, "taken out of ADMIN_EMAILS"),
        );
      }
      return unlisted.map((user) => user.email);
    });
  }

  /** Revokes the access token a caller signs out with: refused from the next request on, in every process. */
  async signOut(actor: Actor, token: { id: string; expiresAt: Date }): Promise<void> {
    const caller = authorize(actor, "USER");
    await this.db.query(
      `INSERT INTO revoked_access_tokens (token_id, user_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (token_id) DO NOTHING`,
      [token.id, caller.databaseId, token.expiresAt],
    );
  }

  /** Forgets revocations of tokens that have expired anyway. */
  async forgetExpiredRevocations(): Promise<number> {
    return returnedRows(
      await this.db.query(`DELETE FROM revoked_access_tokens WHERE expires_at < now() RETURNING token_id`),
    ).length;
  }

  /** The user an access token was issued to, as the database has them now (null: the account is gone), with their revoked tokens, in one statement. */
  async findCaller(userId: string): Promise<KnownCaller | null> {
    const databaseId = databaseIdOf(userId);
    if (!databaseId) return null;
    const { entities, raw } = await this.db
      .getRepository(User)
      .createQueryBuilder("user")
      .addSelect(
        `(SELECT coalesce(json_agg(r.token_id), '[]') FROM revoked_access_tokens r WHERE r.user_id = "user"."id" AND r.expires_at > now())`,
        "revoked",
      )
      .where("user.id = :id", { id: databaseId })
      .getRawAndEntities<{ revoked: string[] }>();
    if (!entities[0]) return null;
    return { user: entities[0], revokedTokenIds: new Set(raw[0].revoked) };
  }

  /**
   * Every user in sign-up order (admins), or those whose name or email contains `search`, accents
   * and letter case aside ("zoe" finds "Zoë"), or those of one role.
   */
  list(actor: Actor, page: PageRequest, filter: UserFilter = {}): Promise<Page<User>> {
    authorize(actor, "ADMIN");
    const query = this.db.getRepository(User).createQueryBuilder("user");
    const search = filter.search?.trim();
    if (search) {
      if ([...search].length > MAX_USER_SEARCH_LENGTH)
        throw badInput(`search must be at most ${MAX_USER_SEARCH_LENGTH} characters`);
      whereUserMatches(query, search);
    }
    if (filter.role) query.andWhere("user.role = :role", { role: filter.role });
    return paginate(query, page, "ASC");
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
      await repository.update(
        { databaseId: user.databaseId },
        { role: Role.ADMIN, adminSource: AdminSource.PROMOTION },
      );
      await recordAudit(tx, admin, this.roleChange(AuditAction.USER_PROMOTED, user, Role.ADMIN));
      Object.assign(user, { role: Role.ADMIN, adminSource: AdminSource.PROMOTION });
      return { user, modified: true };
    });
  }

  /**
   * An admin takes the admin role from another (recorded in the history). Not from oneself, so a
   * shop always keeps an admin; not from an address ADMIN_EMAILS lists, which would grant it again.
   */
  async demoteAdmin(actor: Actor, email: string): Promise<{ user: User; modified: boolean }> {
    const admin = authorize(actor, "ADMIN");
    return this.db.transaction(async (tx) => {
      const repository = tx.getRepository(User);
      const user = await repository
        .createQueryBuilder("user")
        .setLock("pessimistic_write")
        .where("user.email = :email", { email: email.trim().toLowerCase() })
        .getOne();
      if (!user) throw notFound("User");
      if (user.role !== Role.ADMIN) return { user, modified: false };
      if (user.databaseId === admin.databaseId) throw conflict("You cannot demote yourself; ask another admin");
      if (user.adminSource === AdminSource.CONFIG) {
        throw conflict(
          `${user.email} is an admin because ADMIN_EMAILS lists it; take it out of ADMIN_EMAILS to take the role away`,
        );
      }
      await repository.update({ databaseId: user.databaseId }, { role: Role.USER, adminSource: null });
      await recordAudit(tx, admin, this.roleChange(AuditAction.USER_DEMOTED, user, Role.USER));
      Object.assign(user, { role: Role.USER, adminSource: null });
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
