import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useQuery } from "@apollo/client/react";
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
}

const PublicConfigContext = createContext<PublicConfigState | null>(null);

/** Asks the server once, at start, how this deployment signs people in, takes payments and uploads. */
export function PublicConfigProvider({ children }: { children: ReactNode }) {
  const { data, loading, error, refetch } = useQuery(PublicConfigDocument);
  const retry = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const config = data?.publicConfig ?? null;
  const value = useMemo<PublicConfigState>(
    () => ({ config, loading, error: error ?? null, retry }),
    [config, loading, error, retry],
  );
  return <PublicConfigContext.Provider value={value}>{children}</PublicConfigContext.Provider>;
}

/** For tests and previews: a fixed configuration without a query. */
export function StaticPublicConfigProvider({ config, children }: { config: PublicConfigValues; children: ReactNode }) {
  return (
    <PublicConfigContext.Provider value={{ config, loading: false, error: null, retry: () => undefined }}>
      {children}
    </PublicConfigContext.Provider>
  );
}

export function usePublicConfig(): PublicConfigState {
  const value = useContext(PublicConfigContext);
  if (!value) throw new Error("usePublicConfig must be used inside PublicConfigProvider");
  return value;
}
