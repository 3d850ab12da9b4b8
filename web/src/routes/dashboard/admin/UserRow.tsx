import { graphql, getFragmentData, type FragmentType } from "../../../gql";

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
      <td data-label="#">{index + 1}</td>
      <td data-label="Email">{user.email}</td>
      <td data-label="Name">{user.displayName ?? "—"}</td>
      <td data-label="Role">
        {user.role === "ADMIN" ? <span className="badge badge--info">Admin</span> : <span className="badge">User</span>}
      </td>
      <td data-label="Actions">
        {user.role !== "ADMIN" && (
          <button type="button" className="btn btn--small btn--primary" disabled={promoting} onClick={() => onMakeAdmin(user.email)} aria-label={`Make admin: ${user.email}`}>
            {promoting ? "Promoting…" : "Make admin"}
          </button>
        )}
      </td>
    </tr>
  );
}
