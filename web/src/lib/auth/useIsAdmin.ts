import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { isAuthError } from "@/lib/apollo/errors";
import { useAuth } from "./AuthContext";

export const IsAdminDocument = graphql(`
  query IsAdmin($email: String!) {
    isAdmin(email: $email)
  }
`);

export type AdminCheck =
  | { state: "checking" }
  | { state: "admin" }
  | { state: "notAdmin" }
  | { state: "error"; error: unknown; retry: () => void };

/** The server's admin check for the signed-in user's email (one cached answer shared by menu and guards). */
export function useIsAdmin(): AdminCheck {
  const { user } = useAuth();
  const email = user?.email ?? "";
  const { data, loading, error, refetch } = useQuery(IsAdminDocument, { variables: { email }, skip: !email });
  if (!email) return { state: "notAdmin" };
  if (data) return { state: data.isAdmin ? "admin" : "notAdmin" };
  if (error) {
    // Refused by the server (bad or expired token, not allowed): treat like a non-admin.
    if (isAuthError(error)) return { state: "notAdmin" };
    return { state: "error", error, retry: () => void refetch().catch(() => undefined) };
  }
  if (loading) return { state: "checking" };
  return { state: "checking" };
}
