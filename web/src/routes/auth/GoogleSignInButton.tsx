import { useState, type FormEvent } from "react";
import { useAuth } from "@/lib/auth/AuthContext";
import "./GoogleSignInButton.css";

const GoogleLogo = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path
      fill="#4285F4"
      d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.2-4.8 3.2-8z"
    />
    <path
      fill="#34A853"
      d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
    />
    <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
    <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
  </svg>
);

export function GoogleSignInButton({ onError }: { onError: (message: string | null) => void }) {
  const { signInWithGoogle, signInWithEmulatedGoogle, googleIsEmulated } = useAuth();
  const [busy, setBusy] = useState(false);
  const [emulatorFormOpen, setEmulatorFormOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [displayName, setDisplayName] = useState("");

  const run = async (signIn: () => Promise<void>) => {
    onError(null);
    setBusy(true);
    try {
      await signIn();
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const onEmulatedSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      onError("Enter the Google account's email.");
      return;
    }
    void run(() => signInWithEmulatedGoogle({ email: email.trim(), displayName: displayName.trim() }));
  };

  return (
    <div className="google-sign-in">
      <button
        type="button"
        className="btn btn--google btn--block"
        onClick={() => (googleIsEmulated ? setEmulatorFormOpen((open) => !open) : void run(signInWithGoogle))}
        disabled={busy}
        aria-expanded={googleIsEmulated ? emulatorFormOpen : undefined}
        aria-controls={googleIsEmulated ? "google-emulator-form" : undefined}
      >
        <GoogleLogo />
        {busy ? "Signing in with Google…" : "Continue with Google"}
      </button>
      {googleIsEmulated && emulatorFormOpen && (
        <form
          id="google-emulator-form"
          className="google-emulator"
          onSubmit={onEmulatedSubmit}
          aria-labelledby="google-emulator-heading"
          noValidate
        >
          <p id="google-emulator-heading" className="google-emulator__title">
            Google account (Auth Emulator)
          </p>
          <p className="field__hint">This shop runs on the Firebase Auth Emulator: any Google account can be used.</p>
          <div className="field">
            <label htmlFor="google-emulator-email" className="field__label">
              Google email
            </label>
            <input
              id="google-emulator-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="google-emulator-name" className="field__label">
              Display name
            </label>
            <input
              id="google-emulator-name"
              type="text"
              autoComplete="name"
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn--outline btn--block" disabled={busy}>
            Sign in with Google.com
          </button>
        </form>
      )}
    </div>
  );
}
