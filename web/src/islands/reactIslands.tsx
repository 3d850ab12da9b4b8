import { StrictMode, Suspense, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { ApolloClient, NormalizedCacheObject } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { PublicConfigProvider } from "@/lib/config/PublicConfig";
import { FirebaseAuthProvider } from "@/lib/auth/FirebaseAuthProvider";
import { createApolloClient } from "@/lib/apollo/createApolloClient";
import { addMissingServerState, mergeServerState, takeOverServerPage, takeServerState } from "@/lib/page/serverPage";
import { startEveryIsland, type StartIsland } from "@/lib/islands/islands";
import { stepAsideForReact } from "@/lib/islands/plain";
import { Navbar } from "@/features/layout/Navbar";
import { restoreServerCartCount } from "@/features/cart/cartCount";
import { Spinner } from "@/ui/Spinner";
import { onFirstToast } from "@/ui/toast";
import { loadPagesAt, PageRoutes } from "../AppRoutes";
import { IslandRouter } from "./IslandRouter";

/**
 * The storefront's React islands: the navigation bar and the page itself, each its own root,
 * hydrated from the HTML the server rendered with the same components. They share one Apollo
 * client, made from the cache the server filled, and one toast host.
 */
let client: ApolloClient | null = null;
/** The cache the page's HTML was rendered from (the latest address shown in place): an island hydrates that HTML. */
let renderedState: NormalizedCacheObject | undefined;
function sharedClient(): ApolloClient {
  if (!client) {
    renderedState = takeOverServerPage() as NormalizedCacheObject | undefined;
    return (client = createApolloClient(renderedState));
  }
  const current = client.cache.extract() as NormalizedCacheObject;
  // An address shown in place since the client was made (a filter applied by plain script) put
  // back the cache its HTML was rendered from: the island about to hydrate that HTML reads it.
  const swapped = takeServerState() as NormalizedCacheObject | undefined;
  if (swapped) {
    renderedState = swapped;
    client.cache.restore(mergeServerState(current, swapped));
  } else if (renderedState) {
    // What a sign-out dropped since (prices shown for the caller's place) is what the HTML shows.
    client.cache.restore(addMissingServerState(current, renderedState));
  }
  return client;
}

let toastHostMounted = false;
function mountToastHostOnFirstToast(): void {
  if (toastHostMounted) return;
  toastHostMounted = true;
  onFirstToast(() => {
    void import("@/ui/ToastHost").then(({ ToastHost }) => {
      const host = document.body.appendChild(document.createElement("div"));
      createRoot(host).render(<ToastHost />);
    });
  });
}

function OnHydrated({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * Hydrates `element` with what `content` renders under the app's providers; settles once React
 * has it. `content` places the mark that says so: inside its Suspense boundary, if it has one, as
 * React hydrates a boundary's content after the rest.
 */
function hydrateIsland(element: HTMLElement, content: (hydratedMark: ReactNode) => ReactNode): Promise<void> {
  mountToastHostOnFirstToast();
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <ApolloProvider client={sharedClient()}>
          <IslandRouter>
            <PublicConfigProvider>
              <FirebaseAuthProvider>{content(<OnHydrated then={resolve} />)}</FirebaseAuthProvider>
            </PublicConfigProvider>
          </IslandRouter>
        </ApolloProvider>
      </StrictMode>,
      // Said with where it happened: an island whose HTML React cannot take is rendered afresh.
      { onRecoverableError: (error, info) => console.error(error, info.componentStack) },
    );
  });
}

/** The navigation bar: search box, cart link, menu and the sign-in state. */
export const startHeader: StartIsland = async (element) => {
  // The cart count the plain script wrote is put back: React hydrates what the server rendered, then counts.
  restoreServerCartCount(element);
  // What plain script changed is put back for React to hydrate, and handed to React after (the words typed).
  const redo = stepAsideForReact(element);
  await hydrateIsland(element, (hydrated) => (
    <>
      <Navbar />
      {hydrated}
    </>
  ));
  redo();
};

/** The page under the navigation bar (the layout's <main>), with its code fetched first (as main.tsx does). */
export const startPage: StartIsland = async (element) => {
  await loadPagesAt(window.location.pathname);
  // What plain script changed is put back for React to hydrate, and done again by React after.
  const redo = stepAsideForReact(element);
  await hydrateIsland(element, (hydrated) => (
    <Suspense fallback={<Spinner label="Loading page…" />}>
      <PageRoutes />
      {hydrated}
    </Suspense>
  ));
  redo();
  // The page's own address changes (a filter, the order) wait for every island to follow them:
  // the header starts now, so the first of them is not kept waiting for its code.
  void startEveryIsland();
};
