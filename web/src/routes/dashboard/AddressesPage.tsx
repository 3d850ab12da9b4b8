import { useState } from "react";
import type { ApolloCache } from "@apollo/client";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql, getFragmentData } from "@/lib/gql";
import type { ViewerAddressesQuery } from "@/lib/gql/graphql";
import { errorMessage } from "@/lib/apollo/errors";
import { AddressFieldsFragment, AddressForm, AddressSummary, addressValues } from "@/features/addresses";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { useToast } from "@/ui/toast";
import "./AddressesPage.css";

export const ViewerAddressesDocument = graphql(`
  query ViewerAddresses {
    viewer {
      id
      addresses {
        ...AddressFields
      }
    }
  }
`);

export const AddAddressDocument = graphql(`
  mutation AddAddress($input: AddressInput!) {
    addAddress(input: $input) {
      addresses {
        ...AddressFields
      }
    }
  }
`);

export const UpdateAddressDocument = graphql(`
  mutation UpdateAddress($id: ID!, $input: AddressInput!) {
    updateAddress(id: $id, input: $input) {
      addresses {
        ...AddressFields
      }
    }
  }
`);

export const RemoveAddressDocument = graphql(`
  mutation RemoveAddress($id: ID!) {
    removeAddress(id: $id) {
      addresses {
        ...AddressFields
      }
    }
  }
`);

export const SetDefaultAddressDocument = graphql(`
  mutation SetDefaultAddress($id: ID!) {
    setDefaultAddress(id: $id) {
      addresses {
        ...AddressFields
      }
    }
  }
`);

/** The most addresses a book holds (the server's limit). */
const MAX_ADDRESSES = 20;

/** Asked before removing: the address is gone for good. */
export const removeQuestion = (name: string, line1: string) => `Remove the address of ${name}, ${line1}?`;

type Book = NonNullable<ViewerAddressesQuery["viewer"]>["addresses"];

/** Each book mutation answers the whole book: it replaces the page's list. */
function replaceBook(cache: ApolloCache, addresses: Book | undefined) {
  if (!addresses) return;
  cache.updateQuery({ query: ViewerAddressesDocument }, (data) =>
    data?.viewer ? { viewer: { ...data.viewer, addresses } } : data,
  );
}

export function AddressesPage() {
  const toast = useToast();
  const { data, loading, error, refetch } = useQuery(ViewerAddressesDocument);
  const [editing, setEditing] = useState<"new" | string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [addAddress] = useMutation(AddAddressDocument, {
    update: (cache, { data: result }) => replaceBook(cache, result?.addAddress.addresses),
  });
  const [updateAddress] = useMutation(UpdateAddressDocument, {
    update: (cache, { data: result }) => replaceBook(cache, result?.updateAddress.addresses),
  });
  const [removeAddress] = useMutation(RemoveAddressDocument, {
    update: (cache, { data: result }) => replaceBook(cache, result?.removeAddress.addresses),
  });
  const [setDefaultAddress] = useMutation(SetDefaultAddressDocument, {
    update: (cache, { data: result }) => replaceBook(cache, result?.setDefaultAddress.addresses),
  });

  if (!data && loading) return <Spinner label="Loading your addresses…" />;
  if (!data?.viewer)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load your addresses"
      />
    );
  const addresses = data.viewer.addresses.map((entry) => ({
    entry,
    address: getFragmentData(AddressFieldsFragment, entry),
  }));

  const failed = (what: string) => (failure: unknown) => toast.error(`${what}: ${errorMessage(failure)}`);

  const onRemove = async (address: { id: string; name: string; line1: string }) => {
    if (!window.confirm(removeQuestion(address.name, address.line1))) return;
    setBusyId(address.id);
    try {
      await removeAddress({ variables: { id: address.id } });
      toast.success("Address removed");
    } catch (failure) {
      failed("Could not remove the address")(failure);
    } finally {
      setBusyId(null);
    }
  };

  const onMakeDefault = async (id: string) => {
    setBusyId(id);
    try {
      await setDefaultAddress({ variables: { id } });
      toast.success("Default address changed");
    } catch (failure) {
      failed("Could not change the default address")(failure);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="dashboard-page addresses-page">
      <h1>Addresses</h1>
      <p className="addresses-page__intro">Keep up to {MAX_ADDRESSES} addresses; one of them is your default.</p>
      {editing === "new" ? (
        <section aria-labelledby="new-address-heading">
          <h2 id="new-address-heading">New address</h2>
          <AddressForm
            idPrefix="new-address"
            submitLabel="Save address"
            onSubmit={async (input) => {
              await addAddress({ variables: { input } });
              toast.success("Address added");
              setEditing(null);
            }}
            onError={failed("Could not add the address")}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setEditing("new")}
          disabled={addresses.length >= MAX_ADDRESSES}
        >
          Add an address
        </button>
      )}
      {addresses.length === 0 && editing !== "new" && <EmptyState>You have no saved addresses yet.</EmptyState>}
      <ul className="addresses-page__list">
        {addresses.map(({ entry, address }) =>
          editing === address.id ? (
            <li key={address.id} className="addresses-page__item">
              <AddressForm
                idPrefix={`address-${address.databaseId}`}
                initial={addressValues(address)}
                submitLabel="Save changes"
                onSubmit={async (input) => {
                  await updateAddress({ variables: { id: address.id, input } });
                  toast.success("Address saved");
                  setEditing(null);
                }}
                onError={failed("Could not save the address")}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={address.id} className="card addresses-page__item">
              {address.isDefault && <span className="badge badge--success">Default</span>}
              <AddressSummary address={entry} />
              <div className="addresses-page__actions">
                <button
                  type="button"
                  className="btn btn--small btn--outline"
                  onClick={() => setEditing(address.id)}
                  aria-label={`Edit the address of ${address.name}, ${address.line1}`}
                >
                  Edit
                </button>
                {!address.isDefault && (
                  <button
                    type="button"
                    className="btn btn--small btn--outline"
                    disabled={busyId === address.id}
                    onClick={() => void onMakeDefault(address.id)}
                    aria-label={`Make the address of ${address.name}, ${address.line1} the default`}
                  >
                    Make default
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  disabled={busyId === address.id}
                  onClick={() => void onRemove(address)}
                  aria-label={`Remove the address of ${address.name}, ${address.line1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
