import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "../../auth/AuthContext";
import { FormField, fieldAria } from "../../ui/FormField";
import { ErrorState } from "../../ui/QueryStates";
import { useToast } from "../../ui/toast";
import { GoogleSignInButton } from "./GoogleSignInButton";
import { emailRules, nameRules, passwordRules, returnPath } from "./validation";

interface RegisterForm {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}

export function RegisterPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [providerError, setProviderError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({ defaultValues: { name: "", email: "", password: "", terms: false } });
  const destination = returnPath(location.state);
  const { prepare } = auth;

  // Load the identity provider now, so the Google popup can open straight from the click.
  useEffect(() => prepare(), [prepare]);

  useEffect(() => {
    if (auth.status === "signedIn") navigate(destination, { replace: true });
  }, [auth.status, destination, navigate]);

  const onSubmit = async ({ name, email, password }: RegisterForm) => {
    setProviderError(null);
    try {
      const { profileUpdated } = await auth.register({ name: name.trim(), email, password });
      if (!profileUpdated) toast.error("No user is logged in");
    } catch (error) {
      setProviderError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="auth-page container">
      <section className="auth-card" aria-labelledby="register-heading">
        <h1 id="register-heading">Register</h1>
        <p className="auth-card__lead">Create an account to reserve parts, pay online and review what you bought.</p>
        {auth.status === "unavailable" && <ErrorState error={new Error(auth.unavailableReason ?? "Sign-in is not available right now.")} onRetry={auth.retry} />}
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField id="register-name" label="Name" error={errors.name?.message}>
            <input id="register-name" type="text" autoComplete="name" {...register("name", nameRules)} {...fieldAria("register-name", errors.name?.message)} />
          </FormField>
          <FormField id="register-email" label="Email" error={errors.email?.message}>
            <input id="register-email" type="email" autoComplete="email" {...register("email", emailRules)} {...fieldAria("register-email", errors.email?.message)} />
          </FormField>
          <FormField id="register-password" label="Password" error={errors.password?.message}>
            <input
              id="register-password"
              type="password"
              autoComplete="new-password"
              {...register("password", passwordRules)}
              {...fieldAria("register-password", errors.password?.message)}
            />
          </FormField>
          <div className="checkbox">
            <input id="register-terms" type="checkbox" {...register("terms")} />
            <label htmlFor="register-terms">Accept terms and conditions</label>
          </div>
          {providerError && (
            <p className="form-error" role="alert">
              {providerError}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
            {isSubmitting ? "Creating account…" : "Register"}
          </button>
        </form>
        <p className="auth-card__switch">
          Already have an account?{" "}
          <Link to="/login" state={location.state}>
            Please login
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
