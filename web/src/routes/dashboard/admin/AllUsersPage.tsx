import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { useToast } from "@/ui/toast";
import { useAuth } from "@/lib/auth/AuthContext";
import { errorMessage } from "@/lib/apollo/errors";
import { UserRow } from "./UserRow";
import { DataTable } from "@/ui/DataTable";
import { ListFilters } from "@/ui/ListFilters";

export const AllUsersDocument = graphql(`
  query AllUsers($first: Int, $after: String, $search: String) {
    users(first: $first, after: $after, search: $search) {
      edges {
        cursor
        node {
          id
          ...UserRow_user
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const MakeAdminDocument = graphql(`
  mutation MakeAdmin($email: String!) {
    makeAdmin(email: $email) {
      id
      role
    }
  }
`);

export const DemoteAdminDocument = graphql(`
  mutation DemoteAdmin($email: String!) {
    demoteAdmin(email: $email) {
      id
      role
    }
  }
`);

export function AllUsersPage() {
  const toast = useToast();
  const { user } = useAuth();
  const [promoting, setPromoting] = useState<string | null>(null);
  const [demoting, setDemoting] = useState<string | null>(null);
  const [demoteAdmin] = useMutation(DemoteAdminDocument);
  // The search lives in the address (?search=), so a view can be shared or come back to.
  const [params, setParams] = useSearchParams();
  const search = params.get("search")?.trim() ?? "";
  const { data, loading, error, refetch, fetchMore } = useQuery(AllUsersDocument, {
    variables: { first: 20, ...(search ? { search } : {}) },
    fetchPolicy: "cache-and-network",
  });
  const [makeAdmin] = useMutation(MakeAdminDocument);

  const onMakeAdmin = async (email: string) => {
    setPromoting(email);
    try {
      // The returned role updates the cached user, so the row re-renders as Admin.
      await makeAdmin({ variables: { email } });
      toast.success("Successfully to made admin");
    } catch {
      toast.error("Failed to make an admin");
    } finally {
      setPromoting(null);
    }
  };

  const onRemoveAdmin = async (email: string) => {
    if (!window.confirm(`Take the admin role from ${email}? They keep their account and orders.`)) return;
    setDemoting(email);
    try {
      await demoteAdmin({ variables: { email } });
      toast.success(`${email} is no longer an admin`);
    } catch (demoteError) {
      toast.error(errorMessage(demoteError));
    } finally {
      setDemoting(null);
    }
  };

  const edges = data?.users.edges ?? [];
  return (
    <div className="dashboard-page">
      <h1>All Users</h1>
      <ListFilters
        name="Users list"
        searchId="users-search"
        searchLabel="Search by name or email"
        placeholder="zoe, @example.com…"
        search={search}
        onSearch={(text) => setParams(text.trim() ? { search: text.trim() } : {}, { replace: true })}
      />
      {!data && loading ? (
        <Spinner label="Loading users…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the users"
        />
      ) : edges.length === 0 ? (
        <EmptyState>{search ? `No user's name or email contains “${search}”.` : "No users yet."}</EmptyState>
      ) : (
        <>
          <DataTable caption="All users" columns={["#", "Email", "Name", "Role", "Actions"]}>
            {edges.map((edge, index) => (
              <UserRow
                key={edge.node.id}
                user={edge.node}
                index={index}
                promoting={promoting !== null}
                onMakeAdmin={onMakeAdmin}
                ownEmail={user?.email ?? null}
                demoting={demoting !== null}
                onRemoveAdmin={onRemoveAdmin}
              />
            ))}
          </DataTable>
          {data && (
            <LoadMoreButton
              pageInfo={data.users.pageInfo}
              label="Load more users"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          )}
        </>
      )}
    </div>
  );
}
