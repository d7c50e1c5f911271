import { createHash, randomBytes } from 'node:crypto';

/** The token of a new mailed link: 32 random bytes, base64url (43 characters). */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/**
 * What is stored of a link's token: its hex SHA-256, so a copy of the table confirms nothing.
 * 32 random bytes need no salt or slow hash: there is nothing to guess from the hash.
 */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');
