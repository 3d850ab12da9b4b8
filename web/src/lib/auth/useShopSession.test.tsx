import { afterEach, describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MockedProvider } from "@apollo/client/testing/react";
import { SignOutDocument } from "@/lib/gql/graphql";
import { getAccessToken, setAccessToken } from "./accessToken";
import { asSessionWork, sessionWorkSettled } from "./sessionWork";
import { useShopSession } from "./useShopSession";

/** The shop as the hook sees it: it records when the token is revoked. */
function shopRecordingRevocations() {
  const revoked: number[] = [];
  const mock = {
    request: { query: SignOutDocument },
    delay: 0,
    result: () => {
      revoked.push(Date.now());
      return { data: { signOut: true } };
    },
  };
  const wrapper = ({ children }: { children: ReactNode }) => <MockedProvider mocks={[mock]}>{children}</MockedProvider>;
  return { revoked, wrapper };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("signing out of the shop", () => {
  afterEach(() => localStorage.clear());

  it("forgets the token at once but revokes it only after a call begun with it has finished", async () => {
    const shop = shopRecordingRevocations();
    setAccessToken("token-1");
    let finishJoin = () => undefined as void;
    const join = asSessionWork(new Promise<void>((resolve) => (finishJoin = resolve)));
    const { result } = renderHook(() => useShopSession(), { wrapper: shop.wrapper });

    const ending = result.current.endShopSession();
    expect(getAccessToken()).toBeNull();
    await tick(30);
    expect(shop.revoked).toHaveLength(0);

    finishJoin();
    await join;
    await ending;
    expect(shop.revoked).toHaveLength(1);
  });

  it("revokes at once when nothing was begun with the token", async () => {
    const shop = shopRecordingRevocations();
    setAccessToken("token-1");
    const { result } = renderHook(() => useShopSession(), { wrapper: shop.wrapper });
    await result.current.endShopSession();
    expect(shop.revoked).toHaveLength(1);
  });

  // Last: the call it begins never settles.
  it("does not wait for a call that hangs longer than the limit", async () => {
    asSessionWork(new Promise<void>(() => undefined));
    const started = Date.now();
    await sessionWorkSettled(40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });
});
