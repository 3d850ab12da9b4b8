/** A position in PostgreSQL's write-ahead log (an LSN such as "16/B374D848"), comparable as a number. */
export type WalPosition = bigint;

/** The position PostgreSQL writes as "hi/lo" (two hexadecimal halves of 64 bits). */
export function parseWalPosition(text: string): WalPosition {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`Not a WAL position: "${text}"`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** Whether `position` is at or past `needed` (a replica that has replayed it has every commit before it). */
export const isAtLeast = (position: WalPosition, needed: WalPosition): boolean => position >= needed;
