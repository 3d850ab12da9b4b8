import { describe, expect, it } from "vitest";
import { emulatorOobCodes, resetPasswordWithCode } from "./support/emulator";
import { useJourney } from "./support/journey";
import {
  CUSTOMER,
  expectPath,
  expectRed,
  expectSignedInAs,
  expectSignedOut,
  expectText,
  expectValue,
  expectToast,
  hidden,
  nav,
  signIn,
  submitLogin,
  visible,
} from "./support/ui";

const journey = useJourney("02-sign-in");

const RITA = { name: "Rita Register", email: "rita@example.com", password: "rita-secret" };

describe("signing in", () => {
  it("registers after showing each validation message; the new name appears in the navigation bar", async () => {
    const page = await journey.newPage();
    await page.goto("/");
    await nav(page).getByRole("link", { name: "Login" }).click();
    await page.getByRole("link", { name: "Create new account" }).click();
    await expectPath(page, "/register");
    await visible(page.getByRole("heading", { level: 1, name: "Register" }));

    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Register", exact: true }) });
    const submit = page.getByRole("button", { name: "Register", exact: true });
    await submit.click();
    for (const message of ["Name is Required", "Email is Required", "Password is Required"]) {
      await visible(form.getByRole("alert").filter({ hasText: message }));
      await expectRed(form.getByText(message, { exact: true }));
    }
    await journey.shot(page, "register-required");

    await page.getByLabel("Name", { exact: true }).fill(RITA.name);
    await page.getByLabel("Email", { exact: true }).fill("rita-at-example");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await submit.click();
    await visible(form.getByText("Provide a valid Email", { exact: true }));
    await visible(form.getByText("Must be 6 characters or longer", { exact: true }));
    await hidden(form.getByText("Name is Required", { exact: true }));
    await journey.shot(page, "register-invalid");

    await page.getByLabel("Email", { exact: true }).fill(RITA.email);
    await page.getByLabel("Password", { exact: true }).fill(RITA.password);
    await submit.click();
    await expectPath(page, "/");
    await expectSignedInAs(page, RITA.name);
    await visible(nav(page).getByRole("link", { name: "Dashboard" }));
    await journey.shot(page, "registered");

    // The server took the display name from the token: the profile shows it.
    await nav(page).getByRole("link", { name: "Dashboard" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "My Profile" }));
    await expectValue(page.getByLabel("Name", { exact: true }), RITA.name);
    await expectValue(page.getByLabel("Email", { exact: true }), RITA.email);

    await nav(page).getByRole("button", { name: "Sign out" }).click();
    await expectPath(page, "/");
    await expectSignedOut(page);

    // The same email again: the provider's error, in red, under the form.
    journey.allowConsoleErrors(page, /status of 400 .*identitytoolkit\.googleapis\.com\/v1\/accounts:signUp/);
    await page.goto("/register");
    await page.getByLabel("Name", { exact: true }).fill(RITA.name);
    await page.getByLabel("Email", { exact: true }).fill(RITA.email);
    await page.getByLabel("Password", { exact: true }).fill(RITA.password);
    await submit.click();
    const error = page.locator(".form-error");
    await expectText(error, "Firebase: Error (auth/email-already-in-use).");
    await expectRed(error);
    await expectSignedOut(page);
  });

  it("shows the provider's error in red after a wrong password, then signs in", async () => {
    const page = await journey.newPage();
    // The Auth Emulator refuses the password with a 400, which Chromium logs.
    journey.allowConsoleErrors(
      page,
      /status of 400 .*identitytoolkit\.googleapis\.com\/v1\/accounts:signInWithPassword/,
    );
    await page.goto("/login");
    await submitLogin(page, CUSTOMER.email, "not-the-password");
    const error = page.getByRole("alert").filter({ hasText: /^Firebase: Error \(auth\/[a-z-]+\)\.$/ });
    await expectText(
      error,
      /^Firebase: Error \(auth\/(wrong-password|invalid-credential|invalid-login-credentials)\)\.$/,
    );
    await expectRed(error);
    await expectSignedOut(page);
    await journey.shot(page, "login-wrong-password");

    await page.getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectPath(page, "/");
    await expectSignedInAs(page, CUSTOMER.name);
    await hidden(error);
  });

  it("signs in with Google through the Auth Emulator's account form", async () => {
    const page = await journey.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await visible(page.getByText("Google account (Auth Emulator)"));
    await page.getByLabel("Google email").fill("gina@example.com");
    await page.getByLabel("Display name").fill("Gina Google");
    await journey.shot(page, "google-form");
    await page.getByRole("button", { name: "Sign in with Google.com" }).click();
    await expectPath(page, "/");
    await expectSignedInAs(page, "Gina Google");
    await journey.shot(page, "google-signed-in");

    // Signing out and in again with the same Google account gives the same shop user.
    await nav(page).getByRole("button", { name: "Sign out" }).click();
    await expectSignedOut(page);
    await page.goto("/register");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByLabel("Google email").fill("gina@example.com");
    await page.getByRole("button", { name: "Sign in with Google.com" }).click();
    await expectSignedInAs(page, "Gina Google");
  });

  it("keeps the session across a reload, shown on a storefront page before React, and signs out of the identity provider too", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await expectSignedInAs(page, CUSTOMER.name);
    await visible(nav(page).getByRole("link", { name: "Dashboard" }));
    // The home page is a storefront page: plain script shows the session, React waits for a use.
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((script) => /reactIslands/.test(script))).toEqual([]);
    expect(
      await page.evaluate(() =>
        Object.keys(document.querySelector("[data-testid='navbar-user']")!).some((key) => key.startsWith("__react")),
      ),
    ).toBe(false);
    // The press starts the header's island, and is done once React has it.
    await nav(page).getByRole("button", { name: "Sign out" }).click();
    await expectSignedOut(page);
    expect(scripts.filter((script) => /reactIslands/.test(script))).toHaveLength(1);
    await page.reload();
    await expectSignedOut(page);
    // The identity provider forgot the user too: its login page does not sign them in again.
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await visible(page.getByRole("heading", { name: "Login", exact: true }));
    await expectSignedOut(page);
  });
  // Last: it changes the customer's password.
  it("resets a password: asks for the email first, then emails a code that sets a new password", async () => {
    const page = await journey.newPage();
    journey.allowConsoleErrors(
      page,
      /status of 400 .*identitytoolkit\.googleapis\.com\/v1\/accounts:signInWithPassword/,
    );
    await page.goto("/login");
    const reset = page.getByRole("button", { name: "Forgot password? Reset password" });
    await reset.click();
    await expectToast(page, "error", "Please enter your email address...");
    expect(
      (await emulatorOobCodes(journey.shop.emulatorHost)).filter((code) => code.email === CUSTOMER.email),
    ).toHaveLength(0);

    await page.getByLabel("Email", { exact: true }).fill(CUSTOMER.email);
    await reset.click();
    await expectToast(page, "success", "Please visit your email :)");
    await journey.shot(page, "reset-password-toasts");

    const codes = (await emulatorOobCodes(journey.shop.emulatorHost)).filter(
      (code) => code.email === CUSTOMER.email && code.requestType === "PASSWORD_RESET",
    );
    expect(codes).toHaveLength(1);
    await resetPasswordWithCode(journey.shop.emulatorHost, codes[0].oobCode, "brand-new-secret");

    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expectText(
      page.locator(".form-error"),
      /^Firebase: Error \(auth\/(wrong-password|invalid-credential|invalid-login-credentials)\)\.$/,
    );
    await page.getByLabel("Password", { exact: true }).fill("brand-new-secret");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectSignedInAs(page, CUSTOMER.name);
  });
});
