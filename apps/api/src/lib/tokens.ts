import { SignJWT, jwtVerify } from 'jose';
import { JWT_AUDIENCE, SessionClaims } from '@portal/contract';

export type TokenPayload = Omit<SessionClaims, 'exp' | 'aud' | 'sub'> & { userId: string; tokenVersion: number };

export type TokenService = {
  sign: (payload: TokenPayload) => Promise<string>;
  verify: (token: string) => Promise<VerifiedClaims | null>;
};

type VerifiedClaims = SessionClaims & { ver: number };

// How many verified tokens a node remembers (a logged-in page holds one token for hours)
export const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // A check costs a WebCrypto HMAC through the threadpool and a schema parse, and a logged-in page sends its token
  // on every call and every analytics batch (issue 31: ingestion cheap beside bookings). A token that verified is
  // answered from its claims until it expires, as jose would (exp after now, in whole seconds). The key is the whole
  // token, so only the exact bytes of a token that verified can hit; what ends a session early (the user's token
  // version, the agency's status) is read on every request (authenticate.ts), not here.
  const verified = new Map<string, VerifiedClaims>();
  const remember = (token: string, claims: VerifiedClaims) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, claims);
  };
  // imported once: given the raw bytes, jose imports the key again on every signature and every check
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async ({ userId, tokenVersion, ...claims }) =>
      new SignJWT({ ...claims, ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Math.floor(Date.now() / 1000)) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { audience: JWT_AUDIENCE, algorithms: ['HS256'] });
        const claims = SessionClaims.safeParse(payload);
        if (!claims.success || typeof payload.ver !== 'number') return null;
        const checked = { ...claims.data, ver: payload.ver };
        remember(token, checked);
        return checked;
      } catch {
        return null;
      }
    },
  };
}
