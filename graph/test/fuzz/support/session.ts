import fc from "fast-check";
import { withDatabase } from "../../support/client";
import { Caller, callerArbitrary, callersOf, People, signInPeople } from "./callers";
import { DatabaseFingerprint } from "./fingerprint";
import { Prober } from "./property";
import { buildWorld, replenish, World } from "./world";

/** What one fuzz file shares between its properties: people signed in once, real records, the database's fingerprint. */
export interface FuzzSession {
  people: People;
  callers: Awaited<ReturnType<typeof callersOf>>;
  /** Visitor, customer, admin, a Firebase ID token or a broken credential. */
  anyCaller: fc.Arbitrary<Caller>;
  world: World;
  database: DatabaseFingerprint;
  prober: Prober;
}

export async function openSession(): Promise<FuzzSession> {
  const people = await signInPeople();
  const callers = await callersOf(people);
  const world = await buildWorld(people);
  const database = new DatabaseFingerprint();
  await database.open();
  return { people, callers, anyCaller: callerArbitrary(callers), world, database, prober: new Prober(database) };
}

/**
 * Before each property: the customer and the bystander are plain customers again (an admin's
 * generated makeAdmin may have promoted them, and the fuzzer needs a customer caller that is not
 * an admin), and there are fresh records to use up.
 */
export async function prepareProperty(session: FuzzSession): Promise<void> {
  const emails = [session.people.customer.email, session.people.bystander.email];
  await withDatabase((client) => client.query(`UPDATE users SET role = 'user' WHERE email = ANY($1) AND role <> 'user'`, [emails]));
  await replenish(session.world);
  session.prober.forget();
}

export async function closeSession(session: FuzzSession | undefined): Promise<void> {
  await session?.database.close();
}
