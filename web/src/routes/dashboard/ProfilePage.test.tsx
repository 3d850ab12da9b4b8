import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { ProfilePage, UpdateProfileDocument, ViewerProfileDocument } from "./ProfilePage";

const saved = {
  __typename: "Profile",
  userName: "Jane Doe",
  education: "BSc",
  address: "12 Main St",
  phone: "0123456789",
  linkedin: "https://linkedin.com/in/jane",
};

const viewerMock = (profile: object | null) => ({
  request: { query: ViewerProfileDocument },
  result: {
    data: {
      viewer: { __typename: "Viewer", id: "Vmlld2VyOjE", email: customer.email, displayName: "Jane Doe", profile },
    },
  },
});

describe("profile", () => {
  it("offers an unverified user the verification link, then tells the shop once it was opened", async () => {
    const auth = createFakeAuth({ user: { ...customer, emailVerified: false } });
    renderApp({ ui: <ProfilePage />, auth, mocks: [viewerMock(saved)] });
    expect(await screen.findByRole("heading", { name: "Verify your email" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send me a verification link" }));
    expect(auth.spies.sendEmailVerification).toHaveBeenCalled();
    expect(await screen.findByText(`We sent a verification link to ${customer.email}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "I have opened the link" }));
    expect(auth.spies.refreshVerification).toHaveBeenCalled();
    expect(await screen.findByText("Your email is verified")).toBeInTheDocument();
  });

  it("says nothing of verification to a verified user", async () => {
    renderApp({
      ui: <ProfilePage />,
      auth: createFakeAuth({ user: { ...customer, emailVerified: true } }),
      mocks: [viewerMock(saved)],
    });
    expect(await screen.findByLabelText("Education")).toHaveValue("BSc");
    expect(screen.queryByRole("heading", { name: "Verify your email" })).not.toBeInTheDocument();
  });

  it("pre-fills the form with the saved profile", async () => {
    renderApp({ ui: <ProfilePage />, auth: createFakeAuth({ user: customer }), mocks: [viewerMock(saved)] });
    expect(screen.getByText("Loading your profile…")).toBeInTheDocument();
    expect(await screen.findByLabelText("Education")).toHaveValue("BSc");
    expect(screen.getByLabelText("Address")).toHaveValue("12 Main St");
    expect(screen.getByLabelText("Phone")).toHaveValue("0123456789");
    expect(screen.getByLabelText("LinkedIn profile URL")).toHaveValue("https://linkedin.com/in/jane");
  });

  it("requires every field", async () => {
    renderApp({ ui: <ProfilePage />, auth: createFakeAuth({ user: customer }), mocks: [viewerMock(null)] });
    await userEvent.click(await screen.findByRole("button", { name: "Update profile" }));
    expect(await screen.findByText("Education is Required")).toBeInTheDocument();
    expect(screen.getByText("Address is Required")).toBeInTheDocument();
    expect(screen.getByText("Phone is Required")).toBeInTheDocument();
    expect(screen.getByText("Linkedin is Required")).toBeInTheDocument();
  });

  it("wants a numeric phone and a URL for LinkedIn", async () => {
    renderApp({ ui: <ProfilePage />, auth: createFakeAuth({ user: customer }), mocks: [viewerMock(null)] });
    await userEvent.type(await screen.findByLabelText("Education"), "BSc");
    await userEvent.type(screen.getByLabelText("Address"), "12 Main St");
    await userEvent.type(screen.getByLabelText("Phone"), "phone");
    await userEvent.type(screen.getByLabelText("LinkedIn profile URL"), "linkedin");
    await userEvent.click(screen.getByRole("button", { name: "Update profile" }));
    expect(await screen.findByText("Phone must be a number")).toBeInTheDocument();
    expect(screen.getByText("Provide a valid URL")).toBeInTheDocument();
  });

  it("saves the profile", async () => {
    const { userName, education, phone, linkedin } = saved;
    renderApp({
      ui: <ProfilePage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        viewerMock(saved),
        {
          request: {
            query: UpdateProfileDocument,
            variables: { input: { userName, education, address: "1 New Rd", phone, linkedin } },
          },
          result: { data: { updateProfile: { ...saved, address: "1 New Rd" } } },
        },
      ],
    });
    const addressInput = await screen.findByLabelText("Address");
    await userEvent.clear(addressInput);
    await userEvent.type(addressInput, "1 New Rd");
    await userEvent.click(screen.getByRole("button", { name: "Update profile" }));
    expect(await screen.findByText("Profile updated successfully")).toBeInTheDocument();
  });
});
