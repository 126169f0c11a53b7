import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { categories, roles, type Category, type Role } from '../../domain/users.ts';

/**
 * Session tokens: a JWT signed with HS256 only, carrying sub, email, role, category, ver (the
 * user's tokenVersion) and exp. Whether the user still exists at that version is checked by the
 * auth plugin (auth.ts), never here.
 */

/** What a token is signed for: the user as of its tokenVersion. */
export interface TokenUser {
  id: string;
  email: string;
  role: Role;
  category: Category;
  tokenVersion: number;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  ver: z.number().int().nonnegative(),
  // The user as of `ver` (every edit of a user raises it). Tokens signed before the e-mail was
  // added lack it: their user is always read from the database.
  email: z.string().optional().catch(undefined),
  role: z.enum(roles).optional().catch(undefined),
  category: z.enum(categories).optional().catch(undefined),
});

export type TokenClaims = z.infer<typeof claimsSchema>;

export interface TokenService {
  /** Signs a session token for the user at its current tokenVersion. */
  sign(user: TokenUser): Promise<string>;
  /** The verified claims, or undefined for a bad, expired or foreign token. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

/** How many verified tokens the service remembers (a few per signed-in device). */
const verifiedTokenCacheSize = 1000;

export function createTokenService(options: {
  jwtSecret: string;
  tokenTtlSeconds: number;
}): TokenService {
  const key = new TextEncoder().encode(options.jwtSecret);
  /**
   * Tokens whose signature has been verified, with their claims and expiry. A token is an exact
   * string signed with this service's key, so the same string always verifies the same way; only
   * its expiry moves, and it is checked on every use. Revocation does not depend on this cache:
   * authenticate re-reads the user and its tokenVersion on every request. Verifying costs an HMAC
   * on the thread pool plus JWT parsing, about a tenth of a single order's time and more in a
   * batch, where every sub-request carries the same token. Oldest entries go first.
   */
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    async sign(user) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: user.email,
        role: user.role,
        category: user.category,
        ver: user.tokenVersion,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(now)
        .setExpirationTime(now + options.tokenTtlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose refuses a token at or after its exp (no clock tolerance): the same rule here.
        if (Math.floor(Date.now() / 1000) < known.exp) {
          return known.claims;
        }
        verified.delete(token);
        return undefined;
      }
      try {
        // Only HS256: 'none' and every other algorithm are refused by jose.
        // A token must say when it was issued and when it expires: one without exp would be valid
        // for ever, and one whose life is longer than TOKEN_TTL (an exp in the year 3000, signed
        // with the real key) or that was issued longer ago than TOKEN_TTL is refused too.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: options.tokenTtlSeconds,
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return undefined;
        if (payload.exp === undefined || payload.iat === undefined) return undefined;
        if (payload.exp - payload.iat > options.tokenTtlSeconds) return undefined;
        verified.set(token, { claims: claims.data, exp: payload.exp });
        if (verified.size > verifiedTokenCacheSize) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        return claims.data;
      } catch {
        return undefined;
      }
    },
  };
}
