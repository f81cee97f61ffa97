import { SignJWT, jwtVerify } from 'jose';
import { JWT_AUDIENCE, SessionClaims } from '@portal/contract';

export type TokenPayload = Omit<SessionClaims, 'exp' | 'aud' | 'sub'> & { userId: string; tokenVersion: number };

export type TokenService = {
  sign: (payload: TokenPayload) => Promise<string>;
  verify: (token: string) => Promise<(SessionClaims & { ver: number }) | null>;
};

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
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
      try {
        const { payload } = await jwtVerify(token, await key, { audience: JWT_AUDIENCE, algorithms: ['HS256'] });
        const claims = SessionClaims.safeParse(payload);
        if (!claims.success || typeof payload.ver !== 'number') return null;
        return { ...claims.data, ver: payload.ver };
      } catch {
        return null;
      }
    },
  };
}
