import { useEffect, useRef } from 'react';

/**
 * Sends the token of a mailed link as soon as its page opens. A link works once, so a token is sent
 * once per page, even when the effect runs twice (StrictMode); a missing or invalid token is not sent.
 */
export function useSendLinkTokenOnce(
  token: string | undefined,
  send: (input: { token: string }) => void,
): void {
  const sentToken = useRef<string>(undefined);
  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    send({ token });
  }, [token, send]);
}
