import { afterEach, describe, expect, it } from "vitest";
import {
  SESSION_USER_KEY,
  clearAccessToken,
  rememberSessionUser,
  rememberedSessionUser,
  setAccessToken,
} from "./accessToken";

const casey = { uid: "u1", email: "casey@example.com", displayName: "Casey", emailVerified: true };

describe("the session remembered beside the shop's token", () => {
  afterEach(() => localStorage.clear());

  it("gives back the user stored at sign-in while the token is kept", () => {
    setAccessToken("token-1");
    rememberSessionUser(casey);
    expect(rememberedSessionUser()).toEqual(casey);
  });

  it("keeps no user without a token, and forgets the user with the token", () => {
    rememberSessionUser(casey);
    expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
    setAccessToken("token-1");
    rememberSessionUser(casey);
    clearAccessToken();
    expect(rememberedSessionUser()).toBeNull();
    expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
  });

  it("is no session for a token stored before users were kept, or beside a user it cannot read", () => {
    setAccessToken("token-1");
    expect(rememberedSessionUser()).toBeNull();
    for (const stored of ["{", "null", '"casey"', '{"uid":1,"email":"casey@example.com"}', '{"uid":"u1"}']) {
      localStorage.setItem(SESSION_USER_KEY, stored);
      expect(rememberedSessionUser(), stored).toBeNull();
    }
  });

  it("reads a user without a display name or verification as having none", () => {
    setAccessToken("token-1");
    localStorage.setItem(SESSION_USER_KEY, '{"uid":"u1","email":"casey@example.com","displayName":7}');
    expect(rememberedSessionUser()).toEqual({
      uid: "u1",
      email: "casey@example.com",
      displayName: null,
      emailVerified: undefined,
    });
  });
});
