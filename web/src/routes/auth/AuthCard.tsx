import { useEffect, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { useAuth } from "@/lib/auth/AuthContext";
import { IsAdminDocument } from "@/lib/auth/useIsAdmin";
import { ErrorState } from "@/ui/QueryStates";
import { GoogleSignInButton } from "./GoogleSignInButton";
import { isAdminPath, returnPath } from "./validation";
import "./AuthCard.css";

/**
 * Where to go once signed in: the page the user came from, except an admin page for a non-admin,
 * who would only be signed out there again (and come back here): their dashboard instead.
 * Null while the admin check for such a page runs.
 */
function useDestination(signedIn: boolean, email: string | undefined, state: unknown): string | null {
  const destination = returnPath(state);
  const needsAdmin = isAdminPath(destination.split(/[?#]/)[0]);
  const check = useQuery(IsAdminDocument, {
    variables: { email: email ?? "" },
    skip: !signedIn || !email || !needsAdmin,
  });
  if (!needsAdmin) return destination;
  if (check.data) return check.data.isAdmin ? destination : "/dashboard";
  // The check failed: the admin page's own guard decides.
  if (check.error) return destination;
  return null;
}

/**
 * What the login and register pages share: any successful sign-in (password, Google, or an
 * existing session) leaves for the page the user came from, and provider failures are shown in
 * red under the form.
 */
export function useAuthPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [providerError, setProviderError] = useState<string | null>(null);
  const signedIn = auth.status === "signedIn";
  const destination = useDestination(signedIn, auth.user?.email, location.state);
  const { prepare } = auth;

  // Load the identity provider now, so the Google popup can open straight from the click.
  useEffect(() => prepare(), [prepare]);

  useEffect(() => {
    if (signedIn && destination) navigate(destination, { replace: true });
  }, [signedIn, destination, navigate]);

  /** Runs a call to the identity provider; its failure message is shown under the form. */
  const withProvider = async (work: () => Promise<void>) => {
    setProviderError(null);
    try {
      await work();
    } catch (error) {
      setProviderError(error instanceof Error ? error.message : String(error));
    }
  };

  return { auth, location, providerError, setProviderError, withProvider };
}

export function ProviderError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

interface AuthCardProps {
  headingId: string;
  title: string;
  lead: string;
  /** The "New to Partshop? / Already have an account?" line under the form. */
  switchLine: ReactNode;
  onGoogleError: (message: string | null) => void;
  children: ReactNode;
}

export function AuthCard({ headingId, title, lead, switchLine, onGoogleError, children }: AuthCardProps) {
  const auth = useAuth();
  return (
    <div className="auth-page container">
      <section className="auth-card" aria-labelledby={headingId}>
        <h1 id={headingId}>{title}</h1>
        <p className="auth-card__lead">{lead}</p>
        {auth.status === "unavailable" && (
          <ErrorState
            error={new Error(auth.unavailableReason ?? "Sign-in is not available right now.")}
            onRetry={auth.retry}
          />
        )}
        {children}
        <p className="auth-card__switch">{switchLine}</p>
        <div className="divider" role="separator">
          <span>or</span>
        </div>
        <GoogleSignInButton onError={onGoogleError} />
      </section>
    </div>
  );
}
