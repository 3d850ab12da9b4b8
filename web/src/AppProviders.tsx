import { lazy, Suspense, useState, type ReactNode } from "react";
import { ApolloProvider } from "@apollo/client/react";
import { BrowserRouter } from "react-router-dom";
import { createApolloClient } from "./apollo/createApolloClient";
import { PublicConfigProvider } from "./config/PublicConfig";
import { FirebaseAuthProvider } from "./auth/FirebaseAuthProvider";

const ToastHost = lazy(async () => ({ default: (await import("./ui/ToastHost")).ToastHost }));

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      {/* Location updates outside a transition: a sign-out and its navigate() render together, so RequireAuth never redirects from the old page. */}
      <BrowserRouter useTransitions={false}>
        <PublicConfigProvider>
          <FirebaseAuthProvider>{children}</FirebaseAuthProvider>
        </PublicConfigProvider>
      </BrowserRouter>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </ApolloProvider>
  );
}
