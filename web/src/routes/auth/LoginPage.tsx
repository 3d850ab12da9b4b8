import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { FormField, fieldAria } from "@/ui/FormField";
import { useToast } from "@/ui/toast";
import { AuthCard, ProviderError, useAuthPage } from "./AuthCard";
import { emailRules, passwordRules } from "./validation";

interface LoginForm {
  email: string;
  password: string;
}

export function LoginPage() {
  const { auth, location, providerError, setProviderError, withProvider } = useAuthPage();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ defaultValues: { email: "", password: "" } });

  const onSubmit = ({ email, password }: LoginForm) => withProvider(() => auth.signInWithEmail(email, password));

  const onResetPassword = async () => {
    const email = getValues("email").trim();
    if (!email) {
      toast.error("Please enter your email address...");
      return;
    }
    await withProvider(async () => {
      await auth.sendPasswordReset(email);
      toast.success("Please visit your email :)");
    });
  };

  return (
    <AuthCard
      headingId="login-heading"
      title="Login"
      lead="Welcome back! Sign in to reserve parts and follow your orders."
      onGoogleError={setProviderError}
      switchLine={
        <>
          New to Partshop?{" "}
          <Link to="/register" state={location.state}>
            Create new account
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            {...register("email", emailRules)}
            {...fieldAria("login-email", errors.email?.message)}
          />
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
        <ProviderError message={providerError} />
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Login"}
        </button>
      </form>
    </AuthCard>
  );
}
