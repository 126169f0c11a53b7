/**
 * The users module's surface for the server's own files (docs/conventions.md, "Server modules"):
 * what the first admin's bootstrap (server/bootstrap-admin.ts) and the demo seed
 * (server/seed-demo.ts) need to find, count and create users.
 */
export { generatePassword, hashPassword } from './password.ts';
export { countAdmins, findUserByEmail } from './repository.ts';
export { createUser } from './service.ts';
