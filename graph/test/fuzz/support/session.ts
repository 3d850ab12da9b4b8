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
 * an admin), nobody's token is signed out, and there are fresh records to use up.
 */
export async function prepareProperty(session: FuzzSession): Promise<void> {
  const emails = [session.people.customer.email, session.people.bystander.email];
  await withDatabase(async (client) => {
    await client.query(`UPDATE users SET role = 'user', admin_source = NULL WHERE email = ANY($1) AND role <> 'user'`, [
      emails,
    ]);
    // A generated signOut revokes the token it was sent with: the people sign in again, as it were.
    const revoked = await client.query(
      `DELETE FROM revoked_access_tokens WHERE user_id IN (SELECT id FROM users WHERE email = ANY($1)) RETURNING user_id`,
      [[...emails, session.people.admin.email]],
    );
    // Deleting a revocation announces nothing: touching the users makes every process read them again.
    if (revoked.rowCount)
      await client.query(`UPDATE users SET updated_at = now() WHERE id = ANY($1::uuid[])`, [
        revoked.rows.map((row) => row.user_id),
      ]);
  });
  await replenish(session.world);
  session.prober.forget();
}

export async function closeSession(session: FuzzSession | undefined): Promise<void> {
  await session?.database.close();
}
