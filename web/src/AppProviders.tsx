import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { BrowserRouter, StaticRouter } from "react-router-dom";
import { PublicConfigProvider } from "@/lib/config/PublicConfig";
import { FirebaseAuthProvider } from "@/lib/auth/FirebaseAuthProvider";
import { onFirstToast } from "./ui/toast";

const ToastHost = lazy(async () => ({ default: (await import("./ui/ToastHost")).ToastHost }));

/** The toasts' host (notistack), fetched with the first toast: a storefront visit that shows none does not load it. */
function ToastsWhenNeeded() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/**
 * Marks the page once React has it (hydrated, or rendered in the browser): `<html data-app="ready">`.
 * Hydration runs in slices, and what touches the page before it ends may be replaced; the browser
 * journeys wait for the mark.
 */
function AppReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}

interface Props {
  client: ApolloClient;
  /** The address rendered on the server; in the browser the router follows the window's. */
  serverLocation?: string;
  children: ReactNode;
}

export function AppProviders({ client, serverLocation, children }: Props) {
  const inner = (
    <PublicConfigProvider>
      <FirebaseAuthProvider>{children}</FirebaseAuthProvider>
    </PublicConfigProvider>
  );
  return (
    <ApolloProvider client={client}>
      {serverLocation === undefined ? (
        // Location updates outside a transition: a sign-out and its navigate() render together, so RequireAuth never redirects from the old page.
        <BrowserRouter useTransitions={false}>{inner}</BrowserRouter>
      ) : (
        <StaticRouter location={serverLocation}>{inner}</StaticRouter>
      )}
      <ToastsWhenNeeded />
      <AppReadyMark />
    </ApolloProvider>
  );
}
