export type Encoding = 'br' | 'gzip' | 'identity';

/** Recent headers and what they accept: browsers send the same few values on every request. */
const seen = new Map<string, Set<string>>();

/** The codings an `Accept-Encoding` header names, without those it refuses (`q=0`). */
function acceptedCodings(header: string): Set<string> {
  const known = seen.get(header);
  if (known) return known;
  if (seen.size >= 64) seen.clear();
  const accepted = new Set<string>();
  seen.set(header, accepted);
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

/** The best encoding the client accepts (`q=0` refuses one). */
export function pickEncoding(header: string | undefined): Encoding {
  const accepted = acceptedCodings(header ?? '');
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Whether the client accepts gzip (`q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && acceptedCodings(header).has('gzip');
}
