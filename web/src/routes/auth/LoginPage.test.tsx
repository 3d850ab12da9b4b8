import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeAuth, renderApp } from "@/test/renderApp";
import { returnPath } from "./validation";

async function openLogin(auth = createFakeAuth()) {
  const view = renderApp({ route: "/login", auth });
  await screen.findByRole("heading", { name: "Login" });
  return { ...view, auth };
}

describe("login page", () => {
  it("shows the required-field messages", async () => {
    await openLogin();
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Email is Required")).toBeInTheDocument();
    expect(screen.getByText("Password is Required")).toBeInTheDocument();
  });

  it("checks the email pattern and the password length", async () => {
    await openLogin();
    await userEvent.type(screen.getByLabelText("Email"), "nope");
    await userEvent.type(screen.getByLabelText("Password"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Provide a valid Email")).toBeInTheDocument();
    expect(screen.getByText("Must be 6 characters or longer")).toBeInTheDocument();
  });

  it("signs in with email and password", async () => {
    const { auth } = await openLogin();
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(auth.spies.signInWithEmail).toHaveBeenCalledWith("jane@example.com", "secret1"));
  });

  it("shows the provider's error in red", async () => {
    const auth = createFakeAuth();
    auth.spies.signInWithEmail.mockRejectedValueOnce(new Error("Firebase: Error (auth/wrong-password)."));
    await openLogin(auth);
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Firebase: Error (auth/wrong-password).")).toHaveClass("form-error");
  });

  it("asks for the email before resetting the password", async () => {
    const { auth } = await openLogin();
    await userEvent.click(screen.getByRole("button", { name: /reset password/i }));
    expect(await screen.findByText("Please enter your email address...")).toBeInTheDocument();
    expect(auth.spies.sendPasswordReset).not.toHaveBeenCalled();
  });

  it("sends the reset email and says so", async () => {
    const { auth } = await openLogin();
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.click(screen.getByRole("button", { name: /reset password/i }));
    expect(await screen.findByText("Please visit your email :)")).toBeInTheDocument();
    expect(auth.spies.sendPasswordReset).toHaveBeenCalledWith("jane@example.com");
  });

  it("signs in with Google", async () => {
    const { auth } = await openLogin();
    await userEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(auth.spies.signInWithGoogle).toHaveBeenCalled();
  });

  it("asks for the Google account itself when the shop runs on the Auth Emulator", async () => {
    const { auth } = await openLogin(createFakeAuth({ googleIsEmulated: true }));
    await userEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    await userEvent.type(screen.getByLabelText("Google email"), "gina@example.com");
    await userEvent.type(screen.getByLabelText("Display name"), "Gina Google");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with Google.com" }));
    expect(auth.spies.signInWithEmulatedGoogle).toHaveBeenCalledWith({
      email: "gina@example.com",
      displayName: "Gina Google",
    });
    expect(auth.spies.signInWithGoogle).not.toHaveBeenCalled();
  });
});

describe("return path after login", () => {
  it("goes back to the page that required the login, or home", () => {
    expect(returnPath({ from: { pathname: "/parts/42", search: "?a=1" } })).toBe("/parts/42?a=1");
    expect(returnPath(null)).toBe("/");
    expect(returnPath({ from: { pathname: "/login" } })).toBe("/");
  });
});
