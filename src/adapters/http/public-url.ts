/**
 * Primary adapter: the absolute URL of this API as the client reached it (scheme, host, stage path), for links Levy
 * hands out to be opened elsewhere (a certificate request's page). API Gateway and the local server both set
 * X-Forwarded-Proto; the stage (`/live` on the stage URL; nothing on a custom domain or locally) is the request's base path.
 */
export function publicBaseUrl(headers: Readonly<Record<string, string | undefined>>, basePath = ''): string {
  const header = (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  const proto = header('x-forwarded-proto') ?? 'https';
  const host = header('host') ?? 'localhost';
  return `${proto}://${host}${basePath}`;
}
