import type { ReactNode } from 'react';
import { GROUP_SETS_ATTRIBUTE, GROUP_SETS_END_ATTRIBUTE } from '../../openapi/index.js';
import { highlightSample, plainSample } from './highlight.js';

/** One tab of an example panel: a label (language or status) and its code. */
export interface ExampleTab {
  label: string;
  lang: string;
  code: string;
}

/**
 * A panel of code tabs in the markup of the MDX layer's code groups (`data-folio-tabs`), so the
 * tabs island switches them (and keeps the reader's language across panels and pages) and the
 * copy island copies the visible one. Without JavaScript every tab stays visible. The Copy button
 * sits beside the tab list, not in it: a `tablist` holds tabs only (axe `aria-required-children`).
 *
 * Only the first tab is highlighted: on the 600-operation bench, highlighting every language
 * (Shiki, JavaScript regex engine) cost about 20 times the sample generation itself (Go alone
 * ~3 ms a page on a quiet machine), so the other tabs are plain monospaced text.
 */
function ExamplePanel({ title, tabs, className }: { title: string; tabs: ExampleTab[]; className: string }): ReactNode {
  return (
    <div className={`folio-tabs folio-code-group api-example-panel ${className}`} data-folio-tabs="" data-folio-copy-scope="" aria-label={title}>
      <div className="api-example-head">
        <div className="folio-tab-list" role="tablist">
          {tabs.map((tab, i) => (
            <button key={i} type="button" role="tab" className="folio-tab" data-folio-tab={String(i)} data-folio-tab-key={tab.label} aria-selected={i === 0 ? 'true' : 'false'}>
              {tab.label}
            </button>
          ))}
        </div>
        <button type="button" className="folio-copy api-example-copy" data-folio-copy="" aria-label={`Copy ${title.toLowerCase()}`}>
          Copy
        </button>
      </div>
      {tabs.map((tab, i) => (
        <div key={i} className="folio-tab-panel" role="tabpanel" data-folio-tab-panel={String(i)} data-title={tab.label}>
          <div className="folio-code-body" data-folio-copy-source="" dangerouslySetInnerHTML={{ __html: i === 0 ? highlightSample(tab.code, tab.lang) : plainSample(tab.code) }} />
        </div>
      ))}
    </div>
  );
}

/** Request samples for some sets of the reader's groups: `marker` encodes them (`encodeGroupSets`); `shown`: the variant of a reader of no group. */
export interface RequestVariant {
  marker: string;
  shown: boolean;
  tabs: ExampleTab[];
}

/**
 * The right column: request samples and response examples, sticky beside the reference on wide
 * screens. With `requestVariants`, one request panel per variant, each in a wrapper `folio serve`
 * keeps for the readers of its sets (`hosting/sites/personalize.ts`); the others are `hidden`.
 */
export function ExamplesColumn({ requestTabs, requestVariants, responseTabs, html, always, requestTitle = 'Request' }: { requestTabs: ExampleTab[]; requestVariants?: RequestVariant[] | undefined; responseTabs: ExampleTab[]; html?: string; always?: boolean; requestTitle?: string }): ReactNode {
  if (!always && html === undefined && requestTabs.length === 0 && responseTabs.length === 0) return null;
  return (
    <aside className="api-examples" aria-label="Examples">
      {html !== undefined ? (
        <div className="api-examples-inner" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div className="api-examples-inner" data-api-generated="">
          {requestVariants
            ? requestVariants.map((v, i) => (
                <div key={i} className="api-request-variant" {...{ [GROUP_SETS_ATTRIBUTE]: v.marker }} hidden={!v.shown}>
                  <ExamplePanel title={requestTitle} tabs={v.tabs} className="api-request-example" />
                  <template {...{ [GROUP_SETS_END_ATTRIBUTE]: '' }} />
                </div>
              ))
            : requestTabs.length > 0
              ? <ExamplePanel title={requestTitle} tabs={requestTabs} className="api-request-example" />
              : null}
          {responseTabs.length > 0 ? <ExamplePanel title="Response" tabs={responseTabs} className="api-response-example" /> : null}
        </div>
      )}
    </aside>
  );
}
