import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useAuth } from "@/lib/auth/AuthContext";
import { Spinner } from "@/ui/Spinner";

/** Signed-out visitors go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === "loading") return <Spinner label="Checking your session…" />;
  if (status !== "signedIn") return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
