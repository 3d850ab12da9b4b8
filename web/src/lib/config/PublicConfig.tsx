import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import type { PublicConfigQuery } from "@/lib/gql/graphql";

export const PublicConfigDocument = graphql(`
  query PublicConfig {
    publicConfig {
      firebaseProjectId
      firebaseApiKey
      firebaseAuthDomain
      authEmulatorUrl
      stripePublishableKey
      paymentSandboxUrl
      imageUploadUrl
    }
  }
`);

export type PublicConfigValues = PublicConfigQuery["publicConfig"];

export interface PublicConfigState {
  config: PublicConfigValues | null;
  loading: boolean;
  error: Error | null;
  retry: () => void;
  /** The configuration once it has come (asked for now if it has not): null if it cannot be read. */
  read: () => Promise<PublicConfigValues | null>;
}

const PublicConfigContext = createContext<PublicConfigState | null>(null);

/** Asks the server once, at start, how this deployment signs people in, takes payments and uploads. */
export function PublicConfigProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const { data, loading, error, refetch } = useQuery(PublicConfigDocument);
  const retry = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const read = useCallback(
    () =>
      client
        .query({ query: PublicConfigDocument })
        .then(({ data: answer }) => answer?.publicConfig ?? null)
        .catch(() => null),
    [client],
  );
  const config = data?.publicConfig ?? null;
  const value = useMemo<PublicConfigState>(
    () => ({ config, loading, error: error ?? null, retry, read }),
    [config, loading, error, retry, read],
  );
  return <PublicConfigContext.Provider value={value}>{children}</PublicConfigContext.Provider>;
}

/** For tests and previews: a fixed configuration without a query. */
export function StaticPublicConfigProvider({ config, children }: { config: PublicConfigValues; children: ReactNode }) {
  return (
    <PublicConfigContext.Provider
      value={{ config, loading: false, error: null, retry: () => undefined, read: () => Promise.resolve(config) }}
    >
      {children}
    </PublicConfigContext.Provider>
  );
}

export function usePublicConfig(): PublicConfigState {
  const value = useContext(PublicConfigContext);
  if (!value) throw new Error("usePublicConfig must be used inside PublicConfigProvider");
  return value;
}
