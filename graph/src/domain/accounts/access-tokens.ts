import { errors, jwtVerify, SignJWT } from "jose";

/** The shop's own access token: an HS256 JWT carrying the user id (sub) and email. */
export interface AccessClaims {
  sub: string;
  email: string;
  iat: number;
  exp: number;
}

const ISSUER = "partshop";
const ALGORITHM = "HS256";
export const ACCESS_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** Verified tokens remembered: a signed-in client sends the same one on every request. */
const REMEMBERED_TOKENS = 10_000;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

export class AccessTokens {
  private readonly verified = new Map<string, AccessClaims>();
  private readonly key: Uint8Array;

  constructor(secret: Buffer | string) {
    this.key = new Uint8Array(Buffer.from(secret));
  }

  issue(userId: string, email: string, now = nowInSeconds()): Promise<string> {
    return new SignJWT({ email })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The claims of a genuine, unexpired token; null for anything else. */
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
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: [ALGORITHM], currentDate: new Date(now * 1000), clockTolerance: 0 });
      if (typeof payload.sub !== "string" || typeof payload.email !== "string" || typeof payload.exp !== "number") return null;
      return { sub: payload.sub, email: payload.email, iat: payload.iat ?? now, exp: payload.exp };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
