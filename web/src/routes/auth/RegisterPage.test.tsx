import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeAuth, renderApp } from "@/test/renderApp";

async function openRegister(auth = createFakeAuth()) {
  renderApp({ route: "/register", auth });
  await screen.findByRole("heading", { name: "Register" });
  return auth;
}

describe("register page", () => {
  it("shows every required-field message", async () => {
    await openRegister();
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Name is Required")).toBeInTheDocument();
    expect(screen.getByText("Email is Required")).toBeInTheDocument();
    expect(screen.getByText("Password is Required")).toBeInTheDocument();
  });

  it("checks the email pattern and the password length", async () => {
    await openRegister();
    await userEvent.type(screen.getByLabelText("Name"), "Jane");
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    await userEvent.type(screen.getByLabelText("Password"), "12345");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Provide a valid Email")).toBeInTheDocument();
    expect(screen.getByText("Must be 6 characters or longer")).toBeInTheDocument();
  });

  it("registers with the name, email and password (terms not enforced) and leaves the page", async () => {
    const auth = await openRegister();
    await userEvent.type(screen.getByLabelText("Name"), "Jane Doe");
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    await waitFor(() =>
      expect(auth.spies.register).toHaveBeenCalledWith({
        name: "Jane Doe",
        email: "jane@example.com",
        password: "secret1",
      }),
    );
  });

  it('toasts "No user is logged in" when the display name could not be set', async () => {
    const auth = createFakeAuth();
    auth.spies.register.mockResolvedValueOnce({ profileUpdated: false });
    await openRegister(auth);
    await userEvent.type(screen.getByLabelText("Name"), "Jane Doe");
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("No user is logged in")).toBeInTheDocument();
  });

  it("shows the provider's error in red under the form", async () => {
    const auth = createFakeAuth();
    auth.spies.register.mockRejectedValueOnce(new Error("Firebase: Error (auth/email-already-in-use)."));
    await openRegister(auth);
    await userEvent.type(screen.getByLabelText("Name"), "Jane Doe");
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    const error = await screen.findByText("Firebase: Error (auth/email-already-in-use).");
    expect(error).toHaveClass("form-error");
    expect(error).toHaveAttribute("role", "alert");
  });
});
