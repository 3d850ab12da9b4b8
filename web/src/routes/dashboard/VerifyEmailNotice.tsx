import { useState } from "react";
import { useAuth } from "@/lib/auth/AuthContext";
import { errorMessage } from "@/lib/apollo/errors";
import { useToast } from "@/ui/toast";
import "./VerifyEmailNotice.css";

/**
 * For a signed-in user whose email the identity provider has not verified: they can shop, but
 * their address links to no other account until verified. One click sends the link; once opened,
 * "I have opened it" tells the shop.
 */
export function VerifyEmailNotice() {
  const auth = useAuth();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (auth.status !== "signedIn" || !auth.user || auth.user.emailVerified !== false) return null;
  const email = auth.user.email;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      await auth.sendEmailVerification();
      setSent(true);
      toast.success(`We sent a verification link to ${email}`);
    });
  const check = () =>
    run(async () => {
      if (await auth.refreshVerification()) toast.success("Your email is verified");
      else toast.error("Your email is not verified yet: open the link we sent you first");
    });

  return (
    <section className="card verify-email" aria-labelledby="verify-email-heading">
      <h2 id="verify-email-heading">Verify your email</h2>
      <p>
        <span className="verify-email__address">{email}</span> is not verified yet. You can shop meanwhile; verifying it
        proves the address is yours, so it keeps your account if you ever sign in another way.
      </p>
      <div className="row-actions">
        <button type="button" className="btn btn--small btn--primary" onClick={() => void send()} disabled={busy}>
          {sent ? "Send the link again" : "Send me a verification link"}
        </button>
        {sent && (
          <button type="button" className="btn btn--small btn--outline" onClick={() => void check()} disabled={busy}>
            I have opened the link
          </button>
        )}
      </div>
    </section>
  );
}
