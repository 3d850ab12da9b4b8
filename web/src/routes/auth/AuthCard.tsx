import { useEffect, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "@/auth/AuthContext";
import { ErrorState } from "@/ui/QueryStates";
import { GoogleSignInButton } from "./GoogleSignInButton";
import { returnPath } from "./validation";
import "./AuthCard.css";

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
  const destination = returnPath(location.state);
  const { prepare } = auth;

  // Load the identity provider now, so the Google popup can open straight from the click.
  useEffect(() => prepare(), [prepare]);

  useEffect(() => {
    if (auth.status === "signedIn") navigate(destination, { replace: true });
  }, [auth.status, destination, navigate]);

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
