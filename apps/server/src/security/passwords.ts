import { hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
