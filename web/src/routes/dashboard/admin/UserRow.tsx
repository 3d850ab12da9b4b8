import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { DataCell } from "@/ui/DataTable";

export const UserRowFragment = graphql(`
  fragment UserRow_user on User {
    id
    databaseId
    email
    displayName
    role
    emailVerified
  }
`);

interface Props {
  user: FragmentType<typeof UserRowFragment>;
  index: number;
  promoting: boolean;
  onMakeAdmin: (email: string) => void;
  /** The signed-in admin's email: an admin cannot take their own role away. */
  ownEmail: string | null;
  demoting: boolean;
  onRemoveAdmin: (email: string) => void;
}

export function UserRow({ user: userRef, index, promoting, onMakeAdmin, ownEmail, demoting, onRemoveAdmin }: Props) {
  const user = getFragmentData(UserRowFragment, userRef);
  return (
    <tr>
      <DataCell label="#" kind="number">
        {index + 1}
      </DataCell>
      <DataCell label="Email">
        <Link to={`/dashboard/all_users/${user.databaseId}`} aria-label={`Customer detail: ${user.email}`}>
          {user.email}
        </Link>
        {!user.emailVerified && <p className="small">Email not verified</p>}
      </DataCell>
      <DataCell label="Name">{user.displayName ?? "—"}</DataCell>
      <DataCell label="Role">
        {user.role === "ADMIN" ? <span className="badge badge--info">Admin</span> : <span className="badge">User</span>}
      </DataCell>
      <DataCell label="Actions" kind="actions">
        {user.role !== "ADMIN" && (
          <button
            type="button"
            className="btn btn--small btn--primary"
            disabled={promoting}
            onClick={() => onMakeAdmin(user.email)}
            aria-label={`Make admin: ${user.email}`}
          >
            {promoting ? "Promoting…" : "Make admin"}
          </button>
        )}
        {user.role === "ADMIN" && user.email !== ownEmail && (
          <button
            type="button"
            className="btn btn--small btn--outline"
            disabled={demoting}
            onClick={() => onRemoveAdmin(user.email)}
            aria-label={`Remove admin: ${user.email}`}
          >
            {demoting ? "Removing…" : "Remove admin"}
          </button>
        )}
      </DataCell>
    </tr>
  );
}
