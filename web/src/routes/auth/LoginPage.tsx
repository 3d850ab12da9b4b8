import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "../../auth/AuthContext";
import { FormField, fieldAria } from "../../ui/FormField";
import { ErrorState } from "../../ui/QueryStates";
import { useToast } from "../../ui/toast";
import { GoogleSignInButton } from "./GoogleSignInButton";
import { emailRules, passwordRules, returnPath } from "./validation";

interface LoginForm {
  email: string;
  password: string;
}

export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [providerError, setProviderError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ defaultValues: { email: "", password: "" } });
  const destination = returnPath(location.state);
  const { prepare } = auth;

  // Load the identity provider now, so the Google popup can open straight from the click.
  useEffect(() => prepare(), [prepare]);

  // Any successful sign-in (password, Google, or an existing session) leaves this page.
  useEffect(() => {
    if (auth.status === "signedIn") navigate(destination, { replace: true });
  }, [auth.status, destination, navigate]);

  const onSubmit = async ({ email, password }: LoginForm) => {
    setProviderError(null);
    try {
      await auth.signInWithEmail(email, password);
    } catch (error) {
      setProviderError(error instanceof Error ? error.message : String(error));
    }
  };

  const onResetPassword = async () => {
    const email = getValues("email").trim();
    if (!email) {
      toast.error("Please enter your email address...");
      return;
    }
    setProviderError(null);
    try {
      await auth.sendPasswordReset(email);
      toast.success("Please visit your email :)");
    } catch (error) {
      setProviderError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="auth-page container">
      <section className="auth-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Login</h1>
        <p className="auth-card__lead">Welcome back! Sign in to reserve parts and follow your orders.</p>
        {auth.status === "unavailable" && <ErrorState error={new Error(auth.unavailableReason ?? "Sign-in is not available right now.")} onRetry={auth.retry} />}
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField id="login-email" label="Email" error={errors.email?.message}>
            <input id="login-email" type="email" autoComplete="email" {...register("email", emailRules)} {...fieldAria("login-email", errors.email?.message)} />
          </FormField>
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              {...register("password", passwordRules)}
              {...fieldAria("login-password", errors.password?.message)}
            />
          </FormField>
          <div className="auth-card__row">
            <button type="button" className="link-button" onClick={onResetPassword}>
              Forgot password? Reset password
            </button>
          </div>
          {providerError && (
            <p className="form-error" role="alert">
              {providerError}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
            {isSubmitting ? "Signing in…" : "Login"}
          </button>
        </form>
        <p className="auth-card__switch">
          New to Partshop?{" "}
          <Link to="/register" state={location.state}>
            Create new account
          </Link>
        </p>
        <div className="divider" role="separator">
          <span>or</span>
        </div>
        <GoogleSignInButton onError={setProviderError} />
      </section>
    </div>
  );
}
