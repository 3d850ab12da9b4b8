import crypto from "node:crypto";
import { errors, jwtVerify, SignJWT, type JWTHeaderParameters } from "jose";

/** The shop's own access token: an HS256 JWT carrying the user id (sub), email and its own id (jti). */
export interface AccessClaims {
  sub: string;
  email: string;
  /** The token's own id: what sign-out revokes. */
  jti: string;
  iat: number;
  exp: number;
}

const ISSUER = "partshop";
/** Whom the token is for: the shop's API, and nothing else that might share the secret. */
export const ACCESS_TOKEN_AUDIENCE = "partshop-api";
const ALGORITHM = "HS256";
export const ACCESS_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** Verified tokens remembered: a signed-in client sends the same one on every request. */
const REMEMBERED_TOKENS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** A key's id is derived from the key, so every process names it alike without configuration. */
export const keyIdOf = (secret: string) => crypto.createHash("sha256").update(secret).digest("base64url").slice(0, 16);

interface SigningKey {
  id: string;
  bytes: Uint8Array;
}

/**
 * Issues and checks access tokens. Tokens are signed with the current secret and name it in their
 * `kid`; tokens signed with a previous secret (JWT_PREVIOUS_SECRETS) are still accepted until they
 * expire, so a secret can be rotated without signing anyone out.
 */
export class AccessTokens {
  private readonly verified = new Map<string, AccessClaims>();
  private readonly current: SigningKey;
  private readonly keys: Map<string, SigningKey>;

  constructor(secret: Buffer | string, previousSecrets: readonly string[] = []) {
    const keyOf = (value: string): SigningKey => ({ id: keyIdOf(value), bytes: new Uint8Array(Buffer.from(value)) });
    this.current = keyOf(String(secret));
    this.keys = new Map([this.current, ...previousSecrets.map(keyOf)].map((key) => [key.id, key]));
  }

  /**
   * Keys for another purpose derived from the same secrets (current first): another secret to
   * configure and rotate would add nothing, and a key for one purpose reveals nothing of another.
   */
  derivedKeys(purpose: string): Buffer[] {
    const current = this.current;
    return [current, ...[...this.keys.values()].filter((key) => key !== current)].map((key) =>
      crypto.createHmac("sha256", key.bytes).update(`partshop:${purpose}`).digest(),
    );
  }

  issue(userId: string, email: string, now = nowInSeconds()): Promise<string> {
    return new SignJWT({ email })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT", kid: this.current.id })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setJti(crypto.randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(this.current.bytes);
  }

  /** The claims of a genuine, unexpired token; null for anything else. Revocation is the caller's to check. */
  async verify(token: string, now = nowInSeconds()): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) return known.exp > now ? known : null;
    const claims = await this.check(token, now);
    if (claims) {
      if (this.verified.size >= REMEMBERED_TOKENS) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async check(token: string, now: number): Promise<AccessClaims | null> {
    try {
      const keyFor = (header: JWTHeaderParameters) => {
        const key = typeof header.kid === "string" ? this.keys.get(header.kid) : undefined;
        if (!key) throw new errors.JWKSNoMatchingKey();
        return key.bytes;
      };
      const { payload } = await jwtVerify(token, keyFor, {
        issuer: ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: [ALGORITHM],
        currentDate: new Date(now * 1000),
        clockTolerance: 0,
      });
      const { sub, email, jti, exp } = payload;
      if (
        typeof sub !== "string" ||
        typeof email !== "string" ||
        typeof exp !== "number" ||
        typeof jti !== "string" ||
        !UUID.test(jti)
      )
        return null;
      return { sub, email, jti, iat: payload.iat ?? now, exp };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
