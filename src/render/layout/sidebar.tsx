import type { LinkView, SectionView, SidebarItemView } from '../types.js';
import { NavIcon, linkProps } from './icon.js';
import { Switcher } from './switcher.js';

/** A sidebar item with the id its `<details>` carries, so one page can open its ancestors cheaply. */
export type NumberedItem =
  | Exclude<SidebarItemView, { type: 'group' }>
  /** `stub`: drawn without its children (a page's own place in a shared sidebar); its title opens its first page. */
  | (Omit<Extract<SidebarItemView, { type: 'group' }>, 'children'> & { id: string; children: NumberedItem[]; stub?: boolean })
  /** Entries left out of a page's place in a shared sidebar; links to the whole tree. */
  | { type: 'more'; count: number; href: string };

/** Give every group an id and note, for each href, the groups that contain it. */
export function numberSidebar(items: SidebarItemView[]): { items: NumberedItem[]; ancestors: Map<string, string[]> } {
  const ancestors = new Map<string, string[]>();
  let next = 0;
  const walk = (list: SidebarItemView[], path: string[]): NumberedItem[] =>
    list.map((item) => {
      if (item.type !== 'group') {
        if (!ancestors.has(item.href)) ancestors.set(item.href, path);
        return item;
      }
      const id = `g${next++}`;
      if (item.rootHref && !ancestors.has(item.rootHref)) ancestors.set(item.rootHref, [...path, id]);
      return { ...item, id, children: walk(item.children, [...path, id]) };
    });
  return { items: walk(items, []), ancestors };
}

function Tag({ text }: { text?: string }) {
  return text ? <span className="tag">{text}</span> : null;
}

function PageLink({ item }: { item: Exclude<NumberedItem, { type: 'group' }> }) {
  if (item.type === 'more') {
    return (
      <li>
        <a className="nav-link nav-more" href={item.href}>
          <span className="nav-text">{`… ${item.count} more`}</span>
        </a>
      </li>
    );
  }
  const external = item.type === 'link' && /^[a-z]+:/i.test(item.href);
  return (
    <li>
      <a className="nav-link" {...linkProps(item.href, external)}>
        {item.type === 'page' && item.method ? <span className={`method method-${item.method.toLowerCase()}`}>{item.method}</span> : null}
        <NavIcon name={item.icon} />
        <span className="nav-text">{item.title}</span>
        {item.type === 'page' ? <Tag text={item.tag} /> : null}
        {external ? <span className="external" aria-hidden="true">↗</span> : null}
      </a>
    </li>
  );
}

/**
 * A nested group: it folds with `<details>` so it works without JavaScript. When its title is also a
 * link (a root page, drilldown), the link sits beside the summary, drawn over the summary's label,
 * never inside it: a link inside `<summary>` is a control inside a control (axe: nested-interactive),
 * which keyboards and screen readers cannot tell apart.
 */
function GroupItem({ item, drilldown }: { item: Extract<NumberedItem, { type: 'group' }>; drilldown: boolean }) {
  const target = item.rootHref ?? (drilldown || item.stub ? item.firstHref : undefined);
  const inner = (
    <>
      <NavIcon name={item.icon} />
      <span className="nav-text">{item.title}</span>
      <Tag text={item.tag} />
    </>
  );
  return (
    <li className={target ? 'nav-group-item nav-group-linked' : 'nav-group-item'}>
      <details className="nav-group" data-group={item.id} open={item.expanded || undefined}>
        <summary aria-label={target ? item.title : undefined}>
          <span className="group-label" aria-hidden={target ? 'true' : undefined}>
            {inner}
          </span>
          <span className="chevron" aria-hidden="true" />
        </summary>
        {item.stub ? null : <Items items={item.children} drilldown={drilldown} nested />}
      </details>
      {target ? (
        <a className="nav-group-link group-link nav-link" href={target} data-group-root={item.rootHref ? '' : undefined}>
          {inner}
        </a>
      ) : null}
    </li>
  );
}

function Items({ items, drilldown, nested }: { items: NumberedItem[]; drilldown: boolean; nested: boolean }) {
  return (
    <ul className={nested ? 'nav-list nested' : 'nav-list'} role="list">
      {items.map((item, i) =>
        item.type === 'group' ? (
          <GroupItem key={item.id} item={item} drilldown={drilldown} />
        ) : (
          <PageLink key={`${item.href}#${i}`} item={item} />
        ),
      )}
    </ul>
  );
}

/** Top-level groups are always expanded: a heading and a list, never folded. */
export function TopLevel({ items, drilldown }: { items: NumberedItem[]; drilldown: boolean }) {
  const blocks: React.ReactNode[] = [];
  let loose: NumberedItem[] = [];
  const flush = () => {
    if (loose.length) blocks.push(<Items key={`loose${blocks.length}`} items={loose} drilldown={drilldown} nested={false} />);
    loose = [];
  };
  for (const item of items) {
    if (item.type !== 'group') {
      loose.push(item);
      continue;
    }
    flush();
    blocks.push(
      <section className="sidebar-group" key={item.id} data-group={item.id}>
        <h5 className="sidebar-group-title">
          {item.rootHref || item.stub ? (
            <a href={item.rootHref ?? item.firstHref} className="nav-link group-link" data-group-root={item.rootHref ? '' : undefined}>
              <NavIcon name={item.icon} />
              <span className="nav-text">{item.title}</span>
              <Tag text={item.tag} />
            </a>
          ) : (
            <>
              <NavIcon name={item.icon} />
              <span className="nav-text">{item.title}</span>
              <Tag text={item.tag} />
            </>
          )}
        </h5>
        {item.stub ? null : <Items items={item.children} drilldown={drilldown} nested={false} />}
      </section>,
    );
  }
  flush();
  return <>{blocks}</>;
}

function AnchorList({ anchors, className }: { anchors: LinkView[]; className: string }) {
  if (anchors.length === 0) return null;
  return (
    <ul className={`anchors ${className}`} role="list">
      {anchors.map((a) => (
        <li key={a.href + a.label}>
          <a className="anchor" {...linkProps(a.href, a.external)} aria-current={a.active ? 'true' : undefined}>
            <span className="anchor-tile">
              <NavIcon name={a.icon ?? 'link'} />
            </span>
            <span>{a.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sidebar of one section: switchers, anchors, global anchors, then the tree. With `navSrc`
 * the tree is a page's place in a shared one, wrapped so the client can swap in the file at `navSrc`.
 */
export function Sidebar({ section, items, navSrc }: { section: SectionView; items: NumberedItem[]; navSrc?: string }) {
  return (
    <nav className="sidebar-nav" aria-label="Pages">
      {section.sidebarSwitchers.map((s) => (
        <Switcher key={s.kind + s.label} switcher={s} />
      ))}
      <AnchorList anchors={section.anchors} className="section-anchors" />
      <AnchorList anchors={section.globalAnchors} className="global-anchors" />
      {navSrc ? (
        <div className="nav-tree" data-nav={navSrc}>
          <TopLevel items={items} drilldown={section.drilldown} />
        </div>
      ) : (
        <TopLevel items={items} drilldown={section.drilldown} />
      )}
    </nav>
  );
}
