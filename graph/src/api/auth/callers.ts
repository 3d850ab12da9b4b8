import { AccessTokens } from "../../domain/accounts/access-tokens";
import { User } from "../../domain/accounts/user.entity";
import { UserService } from "../../domain/accounts/user.service";
import { Actor } from "../../domain/actor";
import { unauthenticated } from "../../domain/errors";
import { DomainEvents } from "../../domain/events";
import { NotifiedCache } from "../notified-cache";

/** A signed-in caller as last read from the database. */
interface KnownCaller {
  user: User;
  bytes: number;
}

const bearerToken = (authorization: string) => /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null;

/**
 * Who is calling: the Authorization header's access token, checked, and the user it names as the
 * database has them now, so a role change or a deleted account applies to the very next request.
 * Callers are kept in memory (a burst of one customer's requests costs one lookup) and dropped when
 * their row changes, in any process (the users topic of the domain events); a kept caller is used
 * only once every change committed before the request arrived has been heard.
 */
export class Callers {
  private readonly known: NotifiedCache<KnownCaller>;

  constructor(
    private readonly tokens: AccessTokens,
    private readonly users: UserService,
    events: DomainEvents,
  ) {
    this.known = new NotifiedCache<KnownCaller>(events, { keyedTopic: "users", maxEntries: 20_000, maxBytes: 16 * 1024 * 1024 });
  }

  /** The caller behind an Authorization header: null for a visitor; 401 for a bad or stale token. */
  async authenticate(authorization: string | undefined): Promise<Actor> {
    if (authorization === undefined || authorization === "") return null;
    const token = bearerToken(authorization);
    if (token === null) throw unauthenticated("The Authorization header must be: Bearer <access token>");
    const claims = await this.tokens.verify(token);
    if (!claims) throw unauthenticated("The access token is invalid or expired; sign in again");
    const cached = await this.known.getFresh(claims.sub);
    const user = cached ? cached.user : await this.load(claims.sub);
    if (!user) throw unauthenticated("This account no longer exists; sign in again");
    // Each request gets its own copy: nothing a request does to its caller reaches the cache.
    return Object.assign(Object.create(User.prototype) as User, user);
  }

  /** The user id an Authorization header's access token was issued to, if genuine and unexpired. */
  async idOf(authorization: string): Promise<string | null> {
    const token = bearerToken(authorization);
    return token === null ? null : ((await this.tokens.verify(token))?.sub ?? null);
  }

  private async load(id: string): Promise<User | null> {
    const version = this.known.version();
    const user = await this.users.findCaller(id);
    if (user) this.known.set(id, { user, bytes: 512 }, ["users"], version);
    return user;
  }
}
