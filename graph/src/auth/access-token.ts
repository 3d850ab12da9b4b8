import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The shop's own access token: a compact HS256 JWT carrying the user id and email. */
export interface AccessClaims {
  sub: string;
  email: string;
  iat: number;
  exp: number;
  iss: string;
}

const ISSUER = "partshop";
export const ACCESS_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");
const HEADER = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

export class AccessTokens {
  /** Tokens whose signature was checked, with their claims: a signed-in client sends the same one on every request. */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(private readonly secret: Buffer) {}

  issue(userId: string, email: string, now = Math.floor(Date.now() / 1000)): string {
    const claims: AccessClaims = { sub: userId, email, iat: now, exp: now + ACCESS_TOKEN_LIFETIME_SECONDS, iss: ISSUER };
    const payload = b64url(JSON.stringify(claims));
    return `${HEADER}.${payload}.${this.sign(`${HEADER}.${payload}`)}`;
  }

  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string, now = Math.floor(Date.now() / 1000)): AccessClaims | null {
    const known = this.verified.get(token);
    if (known) return known.exp > now ? known : null;
    const claims = this.check(token, now);
    if (claims) {
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  private check(token: string, now: number): AccessClaims | null {
    const parts = token.split(".");
    if (parts.length !== 3 || parts[0] !== HEADER) return null;
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
    let claims: AccessClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    } catch {
      return null;
    }
    if (claims.iss !== ISSUER || typeof claims.sub !== "string" || typeof claims.exp !== "number" || claims.exp <= now) {
      return null;
    }
    return claims;
  }

  private sign(input: string): string {
    return crypto.createHmac("sha256", this.secret).update(input).digest("base64url");
  }
}

/** JWT_SECRET when configured; otherwise a random secret generated once and kept in the data folder. */
export function loadAccessTokenSecret(configured: string | null, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, "utf8");
  const file = path.join(dataDir, "jwt-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  return Buffer.from(fs.readFileSync(file, "utf8").trim(), "utf8");
}
