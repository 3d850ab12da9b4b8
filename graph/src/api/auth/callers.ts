import { AccessClaims, AccessTokens } from "../../domain/accounts/access-tokens";
import { User } from "../../domain/accounts/user.entity";
import { KnownCaller, UserService } from "../../domain/accounts/user.service";
import { Actor } from "../../domain/actor";
import { unauthenticated } from "../../domain/errors";
import { ChangeFeed } from "../../domain/change-feed";
import { NotifiedCache } from "../notified-cache";

/** A signed-in caller as last read from the database. */
interface CachedCaller {
  caller: KnownCaller;
  bytes: number;
}

const bearerToken = (authorization: string) => /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null;

/**
 * Who is calling: the Authorization header's access token, checked, and the user it names as the
 * database has them now, so a role change or a deleted account applies to the very next request.
 * Callers are kept in memory (a burst of one customer's requests costs one lookup) and dropped when
 * their row changes, in any process (the users topic of the domain events); a kept caller is used
 * only once every change committed before the request arrived has been heard. A token revoked at
 * sign-out changes its user (the same topic), so no process keeps taking it.
 */
export class Callers {
  private readonly known: NotifiedCache<CachedCaller>;

  constructor(
    private readonly tokens: AccessTokens,
    private readonly users: UserService,
    events: ChangeFeed,
  ) {
    this.known = new NotifiedCache<CachedCaller>(events, {
      keyedTopic: "users",
      maxEntries: 20_000,
      maxBytes: 16 * 1024 * 1024,
    });
  }

  /** The caller behind an Authorization header: null for a visitor; 401 for a bad or stale token. */
  async authenticate(authorization: string | undefined): Promise<Actor> {
    if (authorization === undefined || authorization === "") return null;
    const token = bearerToken(authorization);
    if (token === null) throw unauthenticated("The Authorization header must be: Bearer <access token>");
    const claims = await this.tokens.verify(token);
    if (!claims) throw unauthenticated("The access token is invalid or expired; sign in again");
    const cached = await this.known.getFresh(claims.sub);
    const known = cached ? cached.caller : await this.load(claims.sub);
    if (!known) throw unauthenticated("This account no longer exists; sign in again");
    if (known.revokedTokenIds.has(claims.jti)) throw unauthenticated("This access token was signed out; sign in again");
    // Each request gets its own copy: nothing a request does to its caller reaches the cache.
    return Object.assign(Object.create(User.prototype) as User, known.user);
  }

  /** The claims of the access token an Authorization header carries (genuine and unexpired), for signing it out. */
  async claimsOf(authorization: string | undefined): Promise<AccessClaims | null> {
    const token = bearerToken(authorization ?? "");
    return token === null ? null : this.tokens.verify(token);
  }

  /** The user id an Authorization header's access token was issued to, if genuine and unexpired. */
  async idOf(authorization: string): Promise<string | null> {
    const token = bearerToken(authorization);
    return token === null ? null : ((await this.tokens.verify(token))?.sub ?? null);
  }

  private async load(id: string): Promise<KnownCaller | null> {
    const version = this.known.version();
    const caller = await this.users.findCaller(id);
    if (caller) this.known.set(id, { caller, bytes: 512 + caller.revokedTokenIds.size * 64 }, ["users"], version);
    return caller;
  }
}
