import { platformLogoUrl, usePlatformSettings } from '../hooks/use-platform-settings';

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

/**
 * The platform's logo (from its settings) beside its name, as `<block>__brand` holding
 * `<block>__title` (the sign-in pages' heading, the top menu's brand).
 */
export function PlatformBrand({
  block,
  title,
  size,
  titleTestId,
  heading = false,
}: {
  block: string;
  title: string;
  size: number;
  titleTestId: string;
  /** The name is the page's heading (`h1`) rather than a label (`span`). */
  heading?: boolean;
}) {
  const settings = usePlatformSettings();
  const Title = heading ? 'h1' : 'span';
  return (
    <div className={`${block}__brand`}>
      <PlatformLogo logo={settings?.platFormLogo} size={size} alt={title} />
      <Title className={`${block}__title`} data-testid={titleTestId}>
        {title}
      </Title>
    </div>
  );
}
