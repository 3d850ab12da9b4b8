import { graphql, getFragmentData, type FragmentType } from "../../../gql";
import { DataCell } from "../../../ui/DataTable";

export const UserRowFragment = graphql(`
  fragment UserRow_user on User {
    id
    email
    displayName
    role
  }
`);

interface Props {
  user: FragmentType<typeof UserRowFragment>;
  index: number;
  promoting: boolean;
  onMakeAdmin: (email: string) => void;
}

export function UserRow({ user: userRef, index, promoting, onMakeAdmin }: Props) {
  const user = getFragmentData(UserRowFragment, userRef);
  return (
    <tr>
      <DataCell label="#" kind="number">
        {index + 1}
      </DataCell>
      <DataCell label="Email">{user.email}</DataCell>
      <DataCell label="Name">{user.displayName ?? "—"}</DataCell>
      <DataCell label="Role">{user.role === "ADMIN" ? <span className="badge badge--info">Admin</span> : <span className="badge">User</span>}</DataCell>
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
      </DataCell>
    </tr>
  );
}
