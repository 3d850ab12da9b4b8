import { DataSource } from "typeorm";
import { Role, User } from "../db/entities";
import { forbidden, notFound, unauthenticated } from "../errors";
import { AccessTokens } from "../auth/access-token";
import { IdTokenVerifier } from "../auth/firebase";
import { toDatabaseId } from "../graphql/global-id";
import { MAX } from "../inputs/validation";
import { NotifiedCache } from "../cache/notified-cache";
import { Actor, authorize, sameEmail } from "./actor";
import { Page, PageRequest, paginate } from "./pagination";

/** A signed-in caller as last read from the database (see UserService.authenticate). */
export interface CachedCaller {
  user: User;
  bytes: number;
}

const bearerToken = (authorization: string) => /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null;

export interface SignInResult {
  token: string;
  user: User;
}

export class UserService {
  constructor(
    private readonly db: DataSource,
    private readonly verifier: IdTokenVerifier,
    private readonly tokens: AccessTokens,
    private readonly adminEmails: ReadonlySet<string>,
    /** Callers by user id, dropped on every change to their row (NOTIFY users_changed). */
    private readonly callers: NotifiedCache<CachedCaller>,
  ) {}

  /**
   * Exchanges proof of identity (a Firebase ID token) for the shop's access token. The user is
   * created on first sign-in; an admin stays admin; emails in ADMIN_EMAILS become admins.
   */
  async signIn(idToken: string, claimedEmail?: string): Promise<SignInResult> {
    let identity;
    try {
      identity = await this.verifier.verify(idToken);
    } catch {
      throw unauthenticated("The sign-in token is invalid, expired or revoked");
    }
    if (!identity.email) throw unauthenticated("The signed-in account has no email address");
    const email = identity.email.toLowerCase();
    if (claimedEmail !== undefined && !sameEmail(claimedEmail, email)) {
      throw forbidden("The sign-in token belongs to another email");
    }
    const displayName = (identity.name?.trim() || email.split("@")[0]).slice(0, MAX.name);
    const role = this.adminEmails.has(email) ? Role.ADMIN : Role.USER;
    let id: string | undefined;
    try {
      const rows: Array<{ id: string }> = await this.db.query(
        `INSERT INTO users (email, role, display_name, firebase_uid) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO UPDATE SET
           display_name = EXCLUDED.display_name,
           firebase_uid = EXCLUDED.firebase_uid,
           role = CASE WHEN users.role = 'admin' OR EXCLUDED.role = 'admin' THEN 'admin' ELSE 'user' END,
           updated_at = now()
         RETURNING id`,
        [email, role, displayName, identity.uid],
      );
      id = rows[0].id;
    } finally {
      // The caller cache drops this user before the answer goes out (all users if the write failed).
      this.callers.changed(id);
    }
    const user = await this.db.getRepository(User).findOneByOrFail({ databaseId: id });
    return { token: this.tokens.issue(user.databaseId, user.email), user };
  }

  /**
   * The caller behind an access token as the database has them now, so a role change or a deleted
   * account applies to the very next request. Callers are kept in memory (a request burst of one
   * customer costs one lookup) and dropped when their row changes, in any process; a kept caller is
   * used only after every change committed before the request arrived has been heard.
   */
  async authenticate(authorization: string | undefined): Promise<Actor> {
    if (authorization === undefined || authorization === "") return null;
    const token = bearerToken(authorization);
    if (token === null) throw unauthenticated("The Authorization header must be: Bearer <access token>");
    const claims = this.tokens.verify(token);
    if (!claims) throw unauthenticated("The access token is invalid or expired; sign in again");
    const cached = await this.callers.getFresh(claims.sub);
    const user = cached ? cached.user : await this.loadCaller(claims.sub);
    if (!user) throw unauthenticated("This account no longer exists; sign in again");
    // Each request gets its own copy: nothing a request does to its caller reaches the cache.
    return Object.assign(Object.create(User.prototype) as User, user);
  }

  /** The user id an Authorization header's access token was issued to, if genuine and unexpired. */
  callerIdOf(authorization: string): string | null {
    const token = bearerToken(authorization);
    return token === null ? null : (this.tokens.verify(token)?.sub ?? null);
  }

  private async loadCaller(id: string): Promise<User | null> {
    const version = this.callers.version();
    const user = await this.db.getRepository(User).findOneBy({ databaseId: id });
    if (user) this.callers.set(id, { user, bytes: 512 }, version);
    return user;
  }

  /** Runs a write to users rows; whatever happened, cached callers are dropped before the answer goes out. */
  private async changingUser<T>(write: () => Promise<T>, id?: string): Promise<T> {
    try {
      return await write();
    } finally {
      // Also after a failure: a COMMIT that lost its connection may still have happened.
      this.callers.changed(id);
    }
  }

  list(actor: Actor, page: PageRequest): Promise<Page<User>> {
    authorize(actor, "ADMIN");
    return paginate(this.db.getRepository(User).createQueryBuilder("user"), page, "ASC");
  }

  async makeAdmin(actor: Actor, email: string): Promise<{ user: User; modified: boolean }> {
    authorize(actor, "ADMIN");
    const repository = this.db.getRepository(User);
    const user = await repository.findOneBy({ email: email.trim().toLowerCase() });
    if (!user) throw notFound("User");
    if (user.role === Role.ADMIN) return { user, modified: false };
    await this.changingUser(() => repository.update({ databaseId: user.databaseId }, { role: Role.ADMIN }), user.databaseId);
    user.role = Role.ADMIN;
    return { user, modified: true };
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
    const databaseId = toDatabaseId("User", id);
    const user = databaseId ? await this.db.getRepository(User).findOneBy({ databaseId }) : null;
    if (!user || (user.databaseId !== caller.databaseId && caller.role !== Role.ADMIN)) throw notFound("User");
    return user;
  }

}
