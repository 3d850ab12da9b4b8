import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "@/lib/auth/AuthContext";
import { useIsAdmin } from "@/lib/auth/useIsAdmin";
import { Spinner } from "@/ui/Spinner";
import { ErrorState } from "@/ui/QueryStates";

/** Admin pages: a spinner while the server checks; a non-admin is signed out and sent to /login (then to the dashboard). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const check = useIsAdmin();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const notAdmin = check.state === "notAdmin";

  const handled = useRef(false);
  useEffect(() => {
    if (!notAdmin || handled.current) return;
    handled.current = true;
    // Navigate first: once signed out, the dashboard's own guard would send the user to /login
    // with this admin page as the place to come back to, which a customer can never open (signing
    // in again would sign them out again). After signing in again they land on their dashboard.
    navigate("/login", { replace: true, state: { from: { pathname: "/dashboard" } } });
    void signOut().catch(() => undefined);
  }, [notAdmin, signOut, navigate]);

  if (check.state === "admin") return <>{children}</>;
  if (check.state === "error") return <ErrorState error={check.error} onRetry={check.retry} />;
  return <Spinner label="Checking admin access…" />;
}
