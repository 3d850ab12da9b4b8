import { useForm } from "react-hook-form";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import type { ViewerProfileQuery } from "@/lib/gql/graphql";
import { useAuth } from "@/lib/auth/AuthContext";
import { FormField, fieldAria } from "@/ui/FormField";
import { Spinner } from "@/ui/Spinner";
import { ErrorState } from "@/ui/QueryStates";
import { useToast } from "@/ui/toast";
import { VerifyEmailNotice } from "./VerifyEmailNotice";

export const ViewerProfileDocument = graphql(`
  query ViewerProfile {
    viewer {
      id
      email
      displayName
      profile {
        userName
        education
        address
        phone
        linkedin
      }
    }
  }
`);

export const UpdateProfileDocument = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      userName
      education
      address
      phone
      linkedin
    }
  }
`);

export const PROFILE_MESSAGES = {
  education: "Education is Required",
  address: "Address is Required",
  phone: "Phone is Required",
  phoneNumeric: "Phone must be a number",
  linkedin: "Linkedin is Required",
  linkedinUrl: "Provide a valid URL",
};

interface ProfileValues {
  education: string;
  address: string;
  phone: string;
  linkedin: string;
}

const PHONE = /^\+?[0-9][0-9 -]{4,}$/;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const required = (message: string) => (value: string) => value.trim().length > 0 || message;

export function ProfilePage() {
  const { data, loading, error, refetch } = useQuery(ViewerProfileDocument);
  if (!data && loading) return <Spinner label="Loading your profile…" />;
  if (!data && error)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load your profile"
      />
    );
  return <ProfileForm viewer={data?.viewer ?? null} />;
}

function ProfileForm({ viewer }: { viewer: ViewerProfileQuery["viewer"] }) {
  const { user } = useAuth();
  const toast = useToast();
  const profile = viewer?.profile;
  const [updateProfile] = useMutation(UpdateProfileDocument, {
    update(cache, { data }) {
      if (!viewer || !data) return;
      cache.modify({ id: cache.identify(viewer), fields: { profile: () => data.updateProfile } });
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    defaultValues: {
      education: profile?.education ?? "",
      address: profile?.address ?? "",
      phone: profile?.phone ?? "",
      linkedin: profile?.linkedin ?? "",
    },
  });
  const name = profile?.userName || viewer?.displayName || user?.displayName || "";
  const email = viewer?.email ?? user?.email ?? "";

  const onSubmit = async (values: ProfileValues) => {
    try {
      await updateProfile({
        variables: {
          input: {
            userName: name || null,
            education: values.education.trim(),
            address: values.address.trim(),
            phone: values.phone.trim(),
            linkedin: values.linkedin.trim(),
          },
        },
      });
      toast.success("Profile updated successfully");
    } catch {
      toast.error("Failed to update profile");
    }
  };

  return (
    <div className="dashboard-page">
      <h1>My Profile</h1>
      <VerifyEmailNotice />
      <form className="card form-card" onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className="form-grid">
          <FormField id="profile-name" label="Name">
            <input id="profile-name" type="text" value={name} readOnly disabled />
          </FormField>
          <FormField id="profile-email" label="Email">
            <input id="profile-email" type="email" value={email} readOnly disabled />
          </FormField>
        </div>
        <FormField id="profile-education" label="Education" error={errors.education?.message}>
          <input
            id="profile-education"
            type="text"
            {...register("education", { validate: required(PROFILE_MESSAGES.education) })}
            {...fieldAria("profile-education", errors.education?.message)}
          />
        </FormField>
        <FormField id="profile-address" label="Address" error={errors.address?.message}>
          <input
            id="profile-address"
            type="text"
            autoComplete="street-address"
            {...register("address", { validate: required(PROFILE_MESSAGES.address) })}
            {...fieldAria("profile-address", errors.address?.message)}
          />
        </FormField>
        <div className="form-grid">
          <FormField id="profile-phone" label="Phone" error={errors.phone?.message}>
            <input
              id="profile-phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              {...register("phone", {
                validate: (value) =>
                  value.trim() ? PHONE.test(value.trim()) || PROFILE_MESSAGES.phoneNumeric : PROFILE_MESSAGES.phone,
              })}
              {...fieldAria("profile-phone", errors.phone?.message)}
            />
          </FormField>
          <FormField id="profile-linkedin" label="LinkedIn profile URL" error={errors.linkedin?.message}>
            <input
              id="profile-linkedin"
              type="url"
              placeholder="https://www.linkedin.com/in/you"
              {...register("linkedin", {
                validate: (value) =>
                  value.trim() ? isUrl(value.trim()) || PROFILE_MESSAGES.linkedinUrl : PROFILE_MESSAGES.linkedin,
              })}
              {...fieldAria("profile-linkedin", errors.linkedin?.message)}
            />
          </FormField>
        </div>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Update profile"}
        </button>
      </form>
    </div>
  );
}
