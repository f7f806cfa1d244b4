import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderIcon } from './icon.js';
import { type AnyProps, cx, needFeature, str } from './shared.js';

interface Pane {
  label: string;
  id?: string;
  icon?: unknown;
  content: ReactNode;
}

/**
 * Tab strip + panels. Every panel is in the HTML and none is `hidden`, so a reader without
 * JavaScript sees all of them (each carries `data-title`); the tabs island hides the
 * inactive ones and wires the buttons (`data-folio-tab` ↔ `data-folio-tab-panel`).
 */
function TabSet({ panes, className, defaultIndex = 0 }: { panes: Pane[]; className: string; defaultIndex?: number }) {
  needFeature('tabs');
  const active = defaultIndex >= 0 && defaultIndex < panes.length ? defaultIndex : 0;
  return (
    <div className={cx('folio-tabs', className)} data-folio-tabs="">
      <div className="folio-tab-list" role="tablist">
        {panes.map((pane, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            className="folio-tab"
            data-folio-tab={String(i)}
            data-folio-tab-key={pane.label}
            aria-selected={i === active ? 'true' : 'false'}
          >
            {renderIcon(pane.icon, { className: 'folio-tab-icon' })}
            {pane.label}
          </button>
        ))}
      </div>
      {panes.map((pane, i) => (
        <div
          key={i}
          className="folio-tab-panel"
          id={pane.id}
          role="tabpanel"
          data-folio-tab-panel={String(i)}
          data-title={pane.label}
          data-active={i === active ? 'true' : undefined}
        >
          {pane.content}
        </div>
      ))}
    </div>
  );
}

function elements(children: ReactNode): ReactElement<AnyProps>[] {
  return Children.toArray(children).filter((c): c is ReactElement<AnyProps> => isValidElement(c));
}

/** `<Tabs defaultTabIndex>` holding `<Tab title icon>` children. */
export function Tabs(props: AnyProps) {
  const panes = elements(props.children).map((el, i) => ({
    label: str(el.props.title) ?? `Tab ${i + 1}`,
    id: str(el.props.id),
    icon: el.props.icon,
    content: el.props.children,
  }));
  return <TabSet panes={panes} className="folio-tabs-content" defaultIndex={Number(props.defaultTabIndex ?? 0) || 0} />;
}

/** A `<Tab>` outside `<Tabs>` still shows its content under its title. */
export function Tab(props: AnyProps) {
  return (
    <div className="folio-tab-panel" id={str(props.id)} data-title={str(props.title)}>
      {props.children}
    </div>
  );
}

/** Panes of code blocks: each block's title (or its language) labels its tab. */
function codePanes(children: ReactNode): Pane[] {
  return elements(children).map((el, i) => ({
    label: str(el.props.title) || str(el.props.lang) || `Code ${i + 1}`,
    icon: el.props.icon,
    content: el,
  }));
}

/** `<CodeGroup>` of fenced code blocks shown as tabs. */
export const CodeGroup = (props: AnyProps) => <TabSet panes={codePanes(props.children)} className="folio-code-group" />;
/** `<RequestExample>`: request code blocks, shown beside API pages' content. */
export const RequestExample = (props: AnyProps) => (
  <TabSet panes={codePanes(props.children)} className="folio-code-group folio-request-example" />
);
/** `<ResponseExample>`: response code blocks. */
export const ResponseExample = (props: AnyProps) => (
  <TabSet panes={codePanes(props.children)} className="folio-code-group folio-response-example" />
);

/** `<View title icon>`: one of several alternative views (e.g. per language) of a section. */
export function View(props: AnyProps) {
  return (
    <section className="folio-view" data-title={str(props.title)}>
      {props.children}
    </section>
  );
}
