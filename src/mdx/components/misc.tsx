import type { ReactNode } from 'react';
import { renderIcon } from './icon.js';
import { type AnyProps, needFeature, str } from './shared.js';

/**
 * `<Visibility for="humans|agents">`: the platform's audience switch. Content for agents is left out
 * of the HTML entirely (not hidden: search, print and copy would still find hidden text) and kept in
 * the page's Markdown (`markdown/components.ts`); content for humans is the reverse.
 */
export function Visibility(props: AnyProps) {
  const audience = str(props.for) ?? 'humans';
  if (audience === 'agents') return null;
  return (
    <div className="folio-visibility" data-visibility={audience}>
      {props.children}
    </div>
  );
}

/** `<Prompt description actions>`: a copyable prompt for AI tools. */
export function Prompt(props: AnyProps) {
  needFeature('copy');
  return (
    <div className="folio-prompt" data-folio-copy-scope="">
      {props.description ? <p className="folio-prompt-description">{props.description as ReactNode}</p> : null}
      <div className="folio-prompt-body" data-folio-copy-source="">
        {props.children}
      </div>
      <button type="button" className="folio-copy" data-folio-copy="" aria-label="Copy prompt">
        Copy
      </button>
    </div>
  );
}

/** `<Variation>`: a variant of the content around it; Folio has one variant, so its content renders in place. */
export const Variation = (props: AnyProps) => <div className="folio-variation">{props.children}</div>;

/** `<Panel>`: content for the right-hand side panel; rendered in place as an aside. */
export const Panel = (props: AnyProps) => <aside className="folio-panel">{props.children}</aside>;

/** Stands in for a component that is neither built in nor imported: only its children render (the build warns). */
export function FolioUnknown(props: AnyProps & { 'data-component'?: string; inline?: boolean }) {
  const Tag = props.inline ? 'span' : 'div';
  return (
    <Tag className="folio-unknown-component" data-component={props['data-component']}>
      {props.children}
    </Tag>
  );
}

/** `<Link href>`: an internal or external link (mem0 writes it like Next.js's Link). */
export function Link(props: AnyProps) {
  const href = str(props.href);
  const external = href ? /^https?:\/\//.test(href) : false;
  return (
    <a href={href} className={str(props.className)} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
      {props.children}
    </a>
  );
}

/** `<GitHub.Repo repo="owner/name" description>`: a card linking to a repository (no API call at build time). */
function GitHubRepo(props: AnyProps) {
  const repo = str(props.repo) ?? '';
  return (
    <a className="folio-card folio-card-link folio-github-repo" href={`https://github.com/${repo}`} target="_blank" rel="noreferrer">
      <div className="folio-card-content">
        {renderIcon('github', { className: 'folio-card-icon' })}
        <div className="folio-card-text">
          <p className="folio-card-title">{repo}</p>
          {props.description ? <div className="folio-card-body">{props.description as ReactNode}</div> : null}
        </div>
      </div>
    </a>
  );
}

export const GitHub = { Repo: GitHubRepo };
