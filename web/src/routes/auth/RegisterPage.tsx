import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { FormField, fieldAria } from "@/ui/FormField";
import { useToast } from "@/ui/toast";
import { AuthCard, ProviderError, useAuthPage } from "./AuthCard";
import { emailRules, nameRules, passwordRules } from "./validation";

interface RegisterForm {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}

export function RegisterPage() {
  const { auth, location, providerError, setProviderError, withProvider } = useAuthPage();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({ defaultValues: { name: "", email: "", password: "", terms: false } });

  const onSubmit = ({ name, email, password }: RegisterForm) =>
    withProvider(async () => {
      const { profileUpdated } = await auth.register({ name: name.trim(), email, password });
      if (!profileUpdated) toast.error("No user is logged in");
    });

  return (
    <AuthCard
      headingId="register-heading"
      title="Register"
      lead="Create an account to reserve parts, pay online and review what you bought."
      onGoogleError={setProviderError}
      switchLine={
        <>
          Already have an account?{" "}
          <Link to="/login" state={location.state}>
            Please login
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="register-name" label="Name" error={errors.name?.message}>
          <input
            id="register-name"
            type="text"
            autoComplete="name"
            {...register("name", nameRules)}
            {...fieldAria("register-name", errors.name?.message)}
          />
        </FormField>
        <FormField id="register-email" label="Email" error={errors.email?.message}>
          <input
            id="register-email"
            type="email"
            autoComplete="email"
            {...register("email", emailRules)}
            {...fieldAria("register-email", errors.email?.message)}
          />
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
        <ProviderError message={providerError} />
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? "Creating account…" : "Register"}
        </button>
      </form>
    </AuthCard>
  );
}
