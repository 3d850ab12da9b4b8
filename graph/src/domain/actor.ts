import { Role, User } from "./accounts/user.entity";
import { forbidden, unauthenticated } from "./errors";

/** Who is calling: the signed-in user as the database has them now, or null for a visitor. */
export type Actor = User | null;

export type Requirement = "USER" | "ADMIN";

/** The one role check, used by the GraphQL @auth directive and the REST routes alike. */
export function authorize(actor: Actor, requirement: Requirement): User {
  if (!actor) throw unauthenticated();
  if (requirement === "ADMIN" && actor.role !== Role.ADMIN) throw forbidden("Only admins can do this");
  return actor;
}

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
