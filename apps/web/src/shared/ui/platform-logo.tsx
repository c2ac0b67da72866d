import { platformLogoUrl } from '../hooks/use-platform-settings';

/** The platform's logo from its settings, or the built-in street-lamp mark. */
export function PlatformLogo({
  logo,
  size = 40,
  alt,
}: {
  logo: string | null | undefined;
  size?: number;
  alt: string;
}) {
  const url = platformLogoUrl(logo);
  if (url) return <img src={url} width={size} height={size} alt={alt} style={{ objectFit: 'contain' }} />;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={alt}>
      <title>{alt}</title>
      <rect width="64" height="64" rx="14" fill="#0e6fd1" />
      <path d="M22 54h20M32 54V22" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 22c0-8 6-12 14-12" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M40 14h12l-3 6H43z" fill="#ffd666" />
    </svg>
  );
}
