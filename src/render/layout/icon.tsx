/** A named icon as `span.folio-icon[data-icon]`, the same hook the MDX components use. */
export function NavIcon({ name }: { name?: string }) {
  if (!name) return null;
  if (/^(https?:)?\/\//.test(name) || name.startsWith('/')) {
    return <img className="folio-icon folio-icon-img" src={name} alt="" aria-hidden="true" />;
  }
  return <span className="folio-icon" data-icon={name} aria-hidden="true" />;
}

/** Link attributes for internal vs external targets. */
export function linkProps(href: string, external?: boolean): { href: string; rel?: string; target?: string } {
  return external ? { href, rel: 'noopener noreferrer', target: '_blank' } : { href };
}
