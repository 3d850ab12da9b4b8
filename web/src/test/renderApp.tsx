import { useMemo, useState, type ReactNode } from "react";
import { render } from "@testing-library/react";
import { MockedProvider } from "@apollo/client/testing/react";
import type { MockLink } from "@apollo/client/testing";
import { MemoryRouter, useLocation } from "react-router-dom";
import { vi } from "vitest";
import { createCache } from "@/lib/apollo/cache";
import { PriceDisplayDocument } from "@/features/catalogue/priceDisplay";
import { AuthContext, type Auth, type AuthStatus, type AuthUser } from "@/lib/auth/AuthContext";
import { StaticPublicConfigProvider, type PublicConfigValues } from "@/lib/config/PublicConfig";
import { AppRoutes } from "../AppRoutes";
import { ToastHost } from "../ui/ToastHost";

export const testConfig: PublicConfigValues = {
  __typename: "PublicConfig",
  firebaseProjectId: "demo-partshop",
  firebaseApiKey: "fake-key",
  firebaseAuthDomain: null,
  authEmulatorUrl: "http://127.0.0.1:9099",
  stripePublishableKey: "pk_test_sandbox",
  paymentSandboxUrl: "http://127.0.0.1:12111",
  imageUploadUrl: "/upload",
};

export const customer: AuthUser = { uid: "u1", email: "jane@example.com", displayName: "Jane Doe" };
export const admin: AuthUser = { uid: "a1", email: "admin@example.com", displayName: "Ada Admin" };

/** A fake Auth whose methods are spies; signOut really signs out (so guards react to it). */
export function createFakeAuth(
  initial: { status?: AuthStatus; user?: AuthUser | null; googleIsEmulated?: boolean } = {},
) {
  const spies = {
    signInWithEmail: vi.fn(async (_email: string, _password: string) => undefined),
    signInWithGoogle: vi.fn(async () => undefined),
    signInWithEmulatedGoogle: vi.fn(async (_account: { email: string; displayName: string }) => undefined),
    register: vi.fn(async (_input: { name: string; email: string; password: string }) => ({ profileUpdated: true })),
    sendPasswordReset: vi.fn(async (_email: string) => undefined),
    sendEmailVerification: vi.fn(async () => undefined),
    refreshVerification: vi.fn(async () => true),
    signOut: vi.fn(async () => undefined),
    prepare: vi.fn(),
    retry: vi.fn(),
  };
  const status = initial.status ?? (initial.user ? "signedIn" : "signedOut");
  return {
    spies,
    initialStatus: status,
    initialUser: initial.user ?? null,
    googleIsEmulated: initial.googleIsEmulated ?? false,
  };
}

type FakeAuth = ReturnType<typeof createFakeAuth>;

function FakeAuthProvider({ fake, children }: { fake: FakeAuth; children: ReactNode }) {
  const [state, setState] = useState({ status: fake.initialStatus, user: fake.initialUser });
  const value = useMemo<Auth>(
    () => ({
      ...state,
      ...fake.spies,
      googleIsEmulated: fake.googleIsEmulated,
      signOut: async () => {
        setState({ status: "signedOut", user: null });
        await fake.spies.signOut();
      },
      // A successful password sign-in really signs in, so pages react like the real provider.
      signInWithEmail: async (email: string, password: string) => {
        await fake.spies.signInWithEmail(email, password);
        setState({ status: "signedIn", user: { uid: "signed-in", email, displayName: null } });
      },
    }),
    [state, fake],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Shows the current path so tests can assert where a guard sent the visitor. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

interface Options {
  route?: string;
  mocks?: ReadonlyArray<MockLink.MockedResponse<any, any>>;
  auth?: FakeAuth;
  config?: PublicConfigValues;
  /** What to render; the whole route tree by default. */
  ui?: ReactNode;
  /** How the storefront shows prices (already in the cache): by default as a zone that adds tax at checkout. */
  priceDisplay?: { pricesIncludeTax: boolean; taxZoneName: string | null; country: string };
}

export const ADDING_TAX_DISPLAY = { pricesIncludeTax: false, taxZoneName: null, country: "US" };

export function renderApp({
  route = "/",
  mocks = [],
  auth = createFakeAuth(),
  config = testConfig,
  ui,
  priceDisplay = ADDING_TAX_DISPLAY,
}: Options = {}) {
  const cache = createCache();
  cache.writeQuery({
    query: PriceDisplayDocument,
    data: { priceDisplay: { __typename: "PriceDisplay", ...priceDisplay } },
  });
  const result = render(
    <MockedProvider mocks={mocks} cache={cache}>
      <>
        <MemoryRouter initialEntries={[route]}>
          <StaticPublicConfigProvider config={config}>
            <FakeAuthProvider fake={auth}>
              {ui ?? <AppRoutes />}
              <LocationProbe />
            </FakeAuthProvider>
          </StaticPublicConfigProvider>
        </MemoryRouter>
        <ToastHost />
      </>
    </MockedProvider>,
  );
  return { ...result, auth, cache };
}
