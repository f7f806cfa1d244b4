import { Fragment, type ReactNode } from 'react';
import type { EndpointPage, MediaView, ParameterView, ResponseView } from '../../openapi/index.js';
import type { ApiDisplay } from './display.js';
import { ExamplesColumn, type ExampleTab, type RequestVariant } from './examples-view.js';
import { markdownToHtml } from './markdown.js';
import { playgroundData, playgroundGroupsData } from './playground-data.js';
import { PLAYGROUND_GROUPS_ATTRIBUTE } from '../../openapi/index.js';
import { SchemaBlock, SchemaField } from './schema-view.js';

/** Heading ids of the reference sections; `endpointHeadings` lists the same ones for the TOC. */
export const LOCATIONS: [ParameterView['in'], string, string][] = [
  ['path', 'Path parameters', 'api-path-parameters'],
  ['query', 'Query parameters', 'api-query-parameters'],
  ['header', 'Headers', 'api-headers'],
  ['cookie', 'Cookies', 'api-cookies'],
];

function Media({ media, expanded }: { media: MediaView[]; expanded: boolean }): ReactNode {
  return media.map((m) => (
    <div className="api-media" key={m.contentType}>
      <p className="api-content-type">
        <code>{m.contentType}</code>
      </p>
      {m.schema ? <SchemaBlock node={m.schema} expanded={expanded} /> : null}
    </div>
  ));
}

function Parameters({ parameters, expanded }: { parameters: ParameterView[]; expanded: boolean }): ReactNode {
  return LOCATIONS.map(([where, heading, id]) => {
    const list = parameters.filter((p) => p.in === where);
    if (list.length === 0) return null;
    return (
      <section className="api-parameters" data-in={where} key={where}>
        <h2 id={id}>{heading}</h2>
        <ul className="api-properties">
          {list.map((p) => (
            <SchemaField
              key={p.name}
              node={{ ...p.schema, name: p.name, ...(p.description ? { description: p.description } : {}), ...(p.deprecated ? { deprecated: true } : {}) }}
              required={p.required}
              expanded={expanded}
              anchor={`${where}-${p.name}`}
            />
          ))}
        </ul>
      </section>
    );
  });
}

/** One response as a native disclosure: the first is open, the others closed (readable without JavaScript). */
function Response({ response, open, expanded }: { response: ResponseView; open: boolean; expanded: boolean }): ReactNode {
  return (
    <details className="api-response" data-status={response.status} open={open}>
      <summary>
        <span className="api-status">{response.status}</span>
        {response.description ? <span className="api-response-summary">{firstLine(response.description)}</span> : null}
      </summary>
      {response.description && response.description.trim() !== firstLine(response.description) ? (
        <div dangerouslySetInnerHTML={{ __html: markdownToHtml(response.description) }} />
      ) : null}
      {response.headers.length > 0 ? (
        <ul className="api-properties">
          {response.headers.map((h) => (
            <SchemaField key={h.name} node={{ ...h.schema, name: h.name, ...(h.description ? { description: h.description } : {}) }} required={h.required} expanded={expanded} />
          ))}
        </ul>
      ) : null}
      <Media media={response.media} expanded={expanded} />
    </details>
  );
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]!.replace(/[*_`]/g, '');
}

/** A path with a line-break chance before each `/`, so a long one wraps between segments, not inside a name. */
export function breakablePath(path: string): ReactNode {
  return path.split('/').map((segment, i, all) =>
    i === 0 ? (
      segment
    ) : (
      <Fragment key={i}>
        {i > 1 || all[0] !== '' ? <wbr /> : null}
        {`/${segment}`}
      </Fragment>
    ),
  );
}

/** The method, the path (with the base URL under `api.url: full`) and, when interactive, the "Try it" button. */
function RequestLine({ page, display }: { page: EndpointPage; display: ApiDisplay }): ReactNode {
  const method = page.method.toLowerCase();
  const server = display.fullUrl || display.playground === 'simple' ? (page.servers[0] ?? '').replace(/\/+$/, '') : '';
  return (
    <div className="api-request-line" data-folio-copy-scope="">
      <span className={`api-method api-method-${method}`}>{page.kind === 'webhook' ? `WEBHOOK ${page.method}` : page.method}</span>
      <code className="api-path" data-folio-copy-source="">
        {server ? (
          <>
            <span className="api-server">{server}</span>
            <wbr />
          </>
        ) : null}
        {breakablePath(page.path)}
      </code>
      {page.deprecated ? <span className="api-pill api-deprecated">deprecated</span> : null}
      {display.playground === 'simple' ? (
        <button type="button" className="api-copy-url" data-folio-copy="" aria-label="Copy URL">
          Copy
        </button>
      ) : null}
      {display.playground === 'interactive' && page.request ? (
        <button type="button" className="api-try" data-api-try="" aria-haspopup="dialog">
          Try it
        </button>
      ) : null}
    </div>
  );
}

/** The left column: authorization, parameters by location, body, responses. */
function ReferenceColumn({ page, display, bodySlot, sections = true }: { page: EndpointPage; display: ApiDisplay; bodySlot?: boolean; sections?: boolean }): ReactNode {
  return (
    <div className="api-main">
      {bodySlot ? <div className="api-mdx-body" /> : null}
      <ReferenceSections page={page} display={display} sections={sections} />
    </div>
  );
}

/** Authorization always; parameters, body and responses unless the page draws its own (`api:` pages). */
function ReferenceSections({ page, display, sections }: { page: EndpointPage; display: ApiDisplay; sections: boolean }): ReactNode {
  return (
    <>
      {page.security.length > 0 ? (
        <section className="api-auth">
          <h2 id="api-authorization">Authorization</h2>
          {page.security.map((option, i) => (
            <ul key={i} className="api-auth-option">
              {option.schemes.map((s) => (
                <li key={s.name}>
                  <code>{s.name}</code> <span className="api-type">{s.type}</span>
                  <div className="api-auth-detail" dangerouslySetInnerHTML={{ __html: markdownToHtml(s.detail) }} />
                  {s.scopes.length > 0 ? <p>Scopes: {s.scopes.join(', ')}</p> : null}
                </li>
              ))}
            </ul>
          ))}
        </section>
      ) : null}
      {sections ? (
        <>
          <Parameters parameters={page.parameters} expanded={display.expanded} />
          {page.requestBody ? (
            <section className="api-body">
              <h2 id="api-body">
                {page.kind === 'webhook' ? 'Payload' : 'Body'}
                {page.requestBody.required ? <span className="api-pill api-required">required</span> : null}
              </h2>
              {page.requestBody.description ? <div dangerouslySetInnerHTML={{ __html: markdownToHtml(page.requestBody.description) }} /> : null}
              <Media media={page.requestBody.media} expanded={display.expanded} />
            </section>
          ) : null}
          {page.responses.length > 0 ? (
            <section className="api-responses">
              <h2 id="api-responses">Responses</h2>
              {page.responses.map((r, i) => (
                <Response key={r.status} response={r} open={i === 0} expanded={display.expanded} />
              ))}
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** Response examples, one tab per status that has one (its first media type). */
export function responseTabs(page: EndpointPage): ExampleTab[] {
  return page.responses.flatMap((r) => {
    const media = r.media.find((m) => m.example !== undefined);
    return media ? [{ label: r.status, lang: /json/i.test(media.contentType) ? 'json' : 'text', code: media.example! }] : [];
  });
}

export interface EndpointViewProps {
  page: EndpointPage;
  display: ApiDisplay;
  /** Request samples (the spec's first, then generated), in tab order. */
  requestTabs: ExampleTab[];
  /** The request samples per set of the reader's groups (`requestVariants`), drawn instead of `requestTabs`. */
  requestVariants?: RequestVariant[] | undefined;
  /** HTML of `x-mint` content (compiled by the caller), drawn before the reference. */
  contentHtml?: string;
  /** Examples an MDX page wrote (`<RequestExample>`/`<ResponseExample>`), used instead of generated ones. */
  examplesHtml?: string;
  /** Draw the operation's description under the request line (generated pages; MDX pages have their own). */
  withDescription?: boolean;
  /** An MDX page's body goes at the top of the left column (see `compose.ts`). */
  bodySlot?: boolean;
  /** Draw parameters, body and responses (false for `api:` pages, whose `<ParamField>`s do). */
  sections?: boolean;
}

/**
 * The reference of one endpoint: request line, then two columns (reference left; request and
 * response examples right, sticky on wide screens, after the reference on phones).
 */
export function EndpointReference({ page, display, requestTabs, requestVariants, contentHtml, examplesHtml, withDescription, bodySlot, sections = true }: EndpointViewProps): ReactNode {
  const own = examplesHtml === undefined ? page.samples.length : 0;
  const samples = examplesHtml === undefined ? requestTabs.map((tab, i) => ({ label: tab.label, own: i < own })) : [];
  const data = display.playground === 'interactive' && page.request ? playgroundData(page, display, samples) : undefined;
  // Parts for some reader groups only: the whole data, which `folio serve` cuts per reader into the block above.
  const groupsData = data ? playgroundGroupsData(page, display, samples) : undefined;
  return (
    <div className="api-reference" data-method={page.method.toLowerCase()}>
      <RequestLine page={page} display={display} />
      {data ? <script type="application/json" className="api-playground-data" dangerouslySetInnerHTML={{ __html: data }} /> : null}
      {groupsData ? <script type="application/json" {...{ [PLAYGROUND_GROUPS_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: groupsData }} /> : null}
      {withDescription && page.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: markdownToHtml(page.description) }} /> : null}
      {contentHtml ? <div className="api-content" dangerouslySetInnerHTML={{ __html: contentHtml }} /> : null}
      <div className="api-columns">
        <ReferenceColumn page={page} display={display} bodySlot={bodySlot} sections={sections} />
        <ExamplesColumn requestTabs={requestTabs} requestVariants={requestVariants} responseTabs={responseTabs(page)} html={examplesHtml} always={bodySlot} />
      </div>
    </div>
  );
}
